package slice

import (
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
)

// sliceOf parses src and slices it for the global named x.
func sliceOf(t *testing.T, src, x string) (*cfa.Program, *Slice) {
	t.Helper()
	p, err := cfront.Parse("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	v := p.Global(x)
	if v == nil {
		t.Fatalf("no global %s", x)
	}
	return p, New(p).For(v)
}

// uses reports whether some edge of prog reads or writes the global
// named name, and whether some test (an Assume) reads it.
func uses(prog *cfa.Program, name string) (any, tested bool) {
	for _, c := range prog.Templates {
		for _, e := range c.Edges {
			reads := map[*cfa.Var]bool{}
			e.ReadVars(reads)
			for v := range reads {
				if v.Name == name {
					any = true
					tested = tested || e.Kind == cfa.Assume
				}
			}
			if e.LHS != nil && e.LHS.Name == name || e.Mutex != nil && e.Mutex.Name == name {
				any = true
			}
		}
	}
	return any, tested
}

const spawn = "#include <pthread.h>\n"

// TestSliceKeepsWhatMatters: the slice of x keeps the accesses to x, the
// test that guards one and every assignment of the variable tested, the
// synchronization, and the thread argument that picks what a thread
// accesses; it drops the arithmetic nothing kept reads.
func TestSliceKeepsWhatMatters(t *testing.T) {
	tests := []struct {
		name, src        string
		kept, dropped    []string // globals some edge of the slice uses, or none does
		tested, untested []string // globals some kept test reads, or none does
	}{
		{"flag guards the write",
			spawn + "int flag, x, noise;\nvoid *w(void *a) { noise = noise * 3 + 1; if (flag) x = 1; return 0; }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); flag = 1; x = 2; noise = 5; pthread_join(t, 0); return 0; }\n",
			[]string{"x", "flag"}, []string{"noise"}, []string{"flag"}, nil},
		{"the guard of the flag's writer is not kept",
			spawn + "int flag, ready, x;\nvoid *w(void *a) { if (flag) x = 1; return 0; }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (ready) flag = 1; x = 2; return 0; }\n",
			[]string{"x", "flag"}, []string{"ready"}, []string{"flag"}, []string{"ready"}},
		{"nested guards of an access are kept",
			spawn + "int a, b, x;\nvoid *w(void *p) { if (a) { if (b) x = 1; } return 0; }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); a = 1; b = 1; x = 2; return 0; }\n",
			[]string{"x", "a", "b"}, nil, []string{"a", "b"}, nil},
		{"endless loop keeps its guard",
			spawn + "int flag, x, n;\nvoid *w(void *a) { for (;;) { n = n + 1; if (flag) x = 1; } }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 2; flag = 1; return 0; }\n",
			[]string{"x", "flag"}, []string{"n"}, []string{"flag"}, nil},
		{"loop counter of unrelated work",
			spawn + "int x, sum;\nint a[8];\nvoid *w(void *p) { x = 1; return 0; }\n" +
				"int main(void) { pthread_t t; for (int i = 0; i < 8; i++) sum = sum + a[i]; pthread_create(&t, 0, w, 0); pthread_join(t, 0); x = 2; return 0; }\n",
			[]string{"x"}, []string{"sum"}, nil, []string{"sum"}},
		{"mutex kept",
			spawn + "int x, y;\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nvoid *w(void *p) { pthread_mutex_lock(&m); x = 1; y = y + 1; pthread_mutex_unlock(&m); return 0; }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m); return 0; }\n",
			[]string{"x", "m"}, []string{"y"}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, s := sliceOf(t, tc.src, "x")
			checks := []struct {
				globals      []string
				tests, wants bool // about its tests or any use; wanted or not
				msg          string
			}{
				{tc.kept, false, true, "the slice drops every use of %s"},
				{tc.dropped, false, false, "the slice keeps a use of %s"},
				{tc.tested, true, true, "the slice drops the tests of %s"},
				{tc.untested, true, false, "the slice keeps a test of %s"},
			}
			for _, c := range checks {
				for _, g := range c.globals {
					used, tested := uses(s.Prog, g)
					if c.tests {
						used = tested
					}
					if used != c.wants {
						t.Errorf(c.msg, g)
					}
				}
			}
		})
	}
}

// TestSliceContractsSkips: the code of a loop that does nothing the
// location needs contracts to nothing: the slice has far fewer
// locations than the program, and at least one per kept edge's end.
func TestSliceContractsSkips(t *testing.T) {
	src := spawn + "int x, sum;\nint a[8];\nvoid *w(void *p) { x = 1; return 0; }\n" +
		"int main(void) { pthread_t t; for (int i = 0; i < 8; i++) { sum = sum + a[i]; if (sum > 9) sum = 0; } pthread_create(&t, 0, w, 0); x = 2; return 0; }\n"
	p, s := sliceOf(t, src, "x")
	if s.SlicedLocs*2 > s.Locs {
		t.Errorf("slice keeps %d of %d locations:\n%v", s.SlicedLocs, s.Locs, s.Prog.Main())
	}
	if len(s.Prog.Templates) != len(p.Templates) {
		t.Fatalf("slice has %d templates, program %d", len(s.Prog.Templates), len(p.Templates))
	}
	for i, c := range s.Prog.Templates {
		if c.Mult != p.Templates[i].Mult {
			t.Errorf("%s: multiplicity %v, program's %v", c.Name, c.Mult, p.Templates[i].Mult)
		}
		for _, e := range c.Edges {
			if e.Kind == cfa.Create && e.Template != s.Prog.Templates[e.Template.Index] {
				t.Errorf("%s: create of a template outside the slice", c.Name)
			}
		}
	}
}

// TestSliceKeepsLocationKinds: contraction never merges a location into
// one of another kind: atomic locations stay atomic.
func TestSliceKeepsLocationKinds(t *testing.T) {
	src := spawn + "#include <stdatomic.h>\nint x, n;\natomic_int a;\nvoid *w(void *p) { n = n + 1; atomic_fetch_add(&a, 1); x = 1; return 0; }\n" +
		"int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 2; return 0; }\n"
	p, s := sliceOf(t, src, "x")
	count := func(prog *cfa.Program) (atomic int) {
		for _, c := range prog.Templates {
			for _, l := range c.Locs {
				if l.Atomic {
					atomic++
				}
			}
		}
		return atomic
	}
	if count(p) > 0 && count(s.Prog) == 0 {
		t.Errorf("the program has atomic locations, its slice none")
	}
}
