package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

// TestSplitByOwnership checks which templates cfa.SplitByOwnership
// splits for a location of a heap array and how: the owner's template
// guards its entry with owning the tracked element, the other with not
// owning it, and each create site chooses between them by its argument.
func TestSplitByOwnership(t *testing.T) {
	tests := []struct {
		name, worker, loop string
		want               string // templates after main; "" when not split
	}{
		{"index argument", "a[(int)(long)arg] = 1;", "pthread_create(&t, 0, w, (void *)(long)i);", "w:unbounded w(owns X):unbounded"},
		{"pointer argument", "*(int *)arg = 1;", "pthread_create(&t, 0, w, &a[i]);", "w:unbounded w(owns X):unbounded"},
		{"worker does not access the array", "(void)arg;", "pthread_create(&t, 0, w, (void *)(long)i);", ""},
		{"no argument", "a[0] = 1;", "pthread_create(&t, 0, w, 0);", ""},
		{"index and pointer mixed", "a[0] = 1;", "pthread_create(&t, 0, w, (void *)(long)i); pthread_create(&t, 0, w, &a[i]);", ""},
		{"one thread only", "a[(int)(long)arg] = 1;", "if (i == 0) break; } pthread_create(&t, 0, w, (void *)0); {", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := hdr + "#include <stdlib.h>\nint *a;\nvoid *w(void *arg) { " + tc.worker + " return 0; }\n" +
				"int main(void) { pthread_t t; int n = __VERIFIER_nondet_int(); a = malloc(n * sizeof(int)); if (!a) return 0;\n" +
				"for (int i = 0; i < n; i++) { " + tc.loop + " }\nreturn 0; }\n"
			p := mustParse(t, src)
			var x *cfa.Var
			for _, g := range p.Globals {
				if strings.HasSuffix(g.Name, "[*]") && g.Kind == cfa.Data {
					x = g
				}
			}
			if x == nil {
				t.Fatalf("no heap array cell:\n%s", p)
			}
			before := p.String()
			q, ok := p.SplitByOwnership(x)
			if p.String() != before {
				t.Fatalf("SplitByOwnership changed the program it splits")
			}
			if !ok {
				if tc.want != "" {
					t.Fatalf("not split, want %q\n%s", tc.want, p)
				}
				return
			}
			var got []string
			for _, c := range q.Templates[1:] {
				got = append(got, strings.ReplaceAll(c.Name, x.SourceName(), "X")+":"+c.Mult.String())
			}
			if strings.Join(got, " ") != tc.want {
				t.Fatalf("templates %q, want %q\n%s", got, tc.want, q)
			}
			other, owner := q.Templates[1], q.Templates[2]
			for _, c := range []*cfa.CFA{other, owner} {
				entry := c.Out[c.Entry]
				if len(entry) != 1 || entry[0].Kind != cfa.Assume || !strings.Contains(entry[0].Cond.String(), c.Param.Name) {
					t.Errorf("%s: entry %v, want one assume on its argument", c.Name, entry)
				}
			}
			if !strings.Contains(other.Out[other.Entry][0].Cond.String(), "!(") {
				t.Errorf("%s: entry %s, want the negation of owning", other.Name, other.Out[other.Entry][0].Cond)
			}
			sites := map[*cfa.CFA]int{}
			for _, e := range q.Main().Edges {
				if e.Kind == cfa.Create {
					sites[e.Template]++
					if guards := q.Main().Locs[e.From]; len(q.Main().Out[guards.ID]) != 1 {
						t.Errorf("create %s: its location has %d edges, want the create alone after its guard", e, len(q.Main().Out[guards.ID]))
					}
				}
			}
			if sites[other] == 0 || sites[other] != sites[owner] {
				t.Errorf("create sites %v: want each site split in two", sites)
			}
			if len(q.Seeds) <= len(p.Seeds) {
				t.Errorf("no ownership seeds: %v", q.Seeds)
			}
		})
	}
}
