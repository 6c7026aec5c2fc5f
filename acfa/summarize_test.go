package acfa

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sectioned makes an ACFA from a location spec ("n": plain, "a":
// atomic, "t": transient, "af": atomic and final) and edges; location 0
// is the entry.
func sectioned(locs string, edges ...edge) *ACFA {
	var ls []loc
	for _, l := range strings.Fields(locs) {
		ls = append(ls, loc{label: 1, atomic: strings.HasPrefix(l, "a"), transient: strings.HasPrefix(l, "t"), final: strings.HasSuffix(l, "f")})
	}
	return build(0, ls, edges)
}

func step(from, to int, xs ...string) edge { return edge{from, to, havoc(xs...)} }

// describe lists s's edges as "from->to havoc [atomic] guard/post".
func describe(s *ACFA) []string {
	var out []string
	for _, e := range s.Edges {
		d := fmt.Sprintf("%d->%d {%s}", e.From, e.To, strings.Join(e.Havoc, ","))
		if e.Atomic {
			d += " atomic"
		}
		if e.AwaitsNoHandler {
			d += " await"
		}
		if e.Guard != nil || e.Post != nil {
			d += fmt.Sprintf(" %v/%v", e.Guard, e.Post)
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func TestSummarize(t *testing.T) {
	guarded := func(e edge, guard, post Label) edge {
		e.act.Guard, e.act.Post = guard, post
		return e
	}
	tests := []struct {
		name    string
		svcomp  bool // fold transient chains only
		g       *ACFA
		ok      bool
		idx     []int
		want    []string
		wantLoc int
	}{
		{
			// 0 -> [1 -lock-> 2] -> 3 (acquired) or [1] -> 4 (held).
			name: "test-and-set: success writes atomically, failure is silent",
			g: sectioned("n a a n n",
				guarded(step(0, 1), set(1), nil), step(1, 2, "lock"),
				guarded(step(2, 3), nil, set(2)), guarded(step(1, 4), nil, set(1)),
				step(3, 0, "x")),
			ok: true, idx: []int{0, -1, -1, 1, 2}, wantLoc: 3,
			want: []string{"0->1 {lock} atomic x/xx", "0->2 {} x/x", "1->0 {x}"},
		},
		{
			name: "writes only on the path to each exit",
			g: sectioned("n a a a n n",
				step(0, 1), step(1, 2, "a"), step(2, 4), step(1, 3, "b"), step(3, 5, "c")),
			ok: true, idx: []int{0, -1, -1, -1, 1, 2}, wantLoc: 3,
			want: []string{"0->1 {a} atomic", "0->2 {b,c} atomic"},
		},
		{
			name: "a loop inside the section",
			g: sectioned("n a a n",
				step(0, 1), step(1, 2, "i"), step(2, 1), step(2, 3)),
			ok: true, idx: []int{0, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {i} atomic"},
		},
		{
			name: "a section that never ends adds no edge",
			g:    sectioned("n a a", step(0, 1), step(1, 2, "x"), step(2, 1)),
			ok:   true, idx: []int{0, -1, -1}, wantLoc: 1,
			want: nil,
		},
		{
			name: "same section from different states keeps guard and post apart",
			g: sectioned("n a a n",
				guarded(step(0, 1), set(1), nil), guarded(step(1, 3, "t"), nil, set(2)),
				guarded(step(0, 2), set(4), nil), guarded(step(2, 3, "t"), nil, set(8))),
			ok: true, idx: []int{0, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {t} atomic x/xx", "0->1 {t} atomic xxxx/xxxxxxxx"},
		},
		{
			name: "a transient chain continues the move into it, writes and all",
			g:    sectioned("n t t n", guarded(step(0, 1, "x"), set(1), set(2)), step(1, 2), guarded(step(2, 3), nil, set(4))),
			ok:   true, idx: []int{0, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {x} x/xxxx"},
		},
		{
			name: "an atomic section and the transient chain after it",
			g:    sectioned("n a t n", step(0, 1), step(1, 2, "y"), step(2, 3)),
			ok:   true, idx: []int{0, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {y} atomic"},
		},
		{
			name:   "svcomp: only the transient chain",
			svcomp: true,
			g:      sectioned("n a t n", step(0, 1), step(1, 2, "y"), step(2, 3)),
			ok:     true, idx: []int{0, 1, -1, 2}, wantLoc: 3,
			want: []string{"0->1 {}", "1->2 {y}"},
		},
		{
			name: "a create into a transient chain",
			g:    sectioned("n t n", edge{0, 1, Action{Creates: []int{0}}}, step(1, 2)),
			ok:   true, idx: []int{0, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {}"},
		},
		{
			// A task's section: 0 -> [1 -await-> 2 -x-> 3] -> 4.
			name: "a section waits for no handler when every path through it does",
			g:    sectioned("n a a a n", step(0, 1), edge{1, 2, Action{AwaitsNoHandler: true}}, step(2, 3, "x"), step(3, 4)),
			ok:   true, idx: []int{0, -1, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {x} atomic await"},
		},
		{
			name: "a section with a path that does not wait does not wait",
			g: sectioned("n a a a n", step(0, 1), edge{1, 2, Action{AwaitsNoHandler: true}}, step(2, 3, "x"), step(3, 4),
				step(1, 3)),
			ok: true, idx: []int{0, -1, -1, -1, 1}, wantLoc: 2,
			want: []string{"0->1 {x} atomic"},
		},
		{name: "atomic entry", g: sectioned("a n", step(0, 1)), idx: []int{0, 1}},
		{name: "exit inside a section", g: sectioned("n af", step(0, 1)), idx: []int{0, 1}},
		{name: "create inside a section", g: sectioned("n a n", step(0, 1), edge{1, 2, Action{Creates: []int{0}}}), idx: []int{0, 1, 2}},
		{name: "write on the edge into a section", g: sectioned("n a n", step(0, 1, "x"), step(1, 2)), idx: []int{0, 1, 2}},
	}
	for _, tc := range tests {
		s, idx, ok := Summarize(tc.g, !tc.svcomp)
		if ok != tc.ok || !slices.Equal(idx, tc.idx) {
			t.Errorf("%s: ok %v idx %v, want %v %v", tc.name, ok, idx, tc.ok, tc.idx)
			continue
		}
		if !ok {
			if s != tc.g {
				t.Errorf("%s: not folded, but the ACFA changed", tc.name)
			}
			continue
		}
		if len(s.Locs) != tc.wantLoc || s.Entry != 0 {
			t.Errorf("%s: %d locations, entry %d; want %d, 0", tc.name, len(s.Locs), s.Entry, tc.wantLoc)
		}
		for _, l := range s.Locs {
			if (l.Atomic && !tc.svcomp) || l.Transient {
				t.Errorf("%s: atomic or transient location left", tc.name)
			}
		}
		if got := describe(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: edges\n  %q\nwant\n  %q", tc.name, got, tc.want)
		}
	}
}

func TestAwaitingActions(t *testing.T) {
	free := Action{Havoc: []string{"x"}}
	await := Action{Havoc: []string{"x"}, AwaitsNoHandler: true}
	if await.Covers(free) || !free.Covers(await) {
		t.Error("a move that waits must not cover one that does not, and the converse must hold")
	}
	if (Action{AwaitsNoHandler: true}).Silent() {
		t.Error("a move that only waits is silent: bisimulation would drop the wait")
	}
	if await.Key() == free.Key() {
		t.Error("waiting and free moves share a key")
	}
	if u := await.Union(free); u.AwaitsNoHandler {
		t.Error("the union of a waiting and a free move waits")
	}
}

func TestAtomicActionsCoverOnlyAtomicOnes(t *testing.T) {
	racy := Action{Havoc: []string{"x"}}
	folded := Action{Havoc: []string{"x"}, Atomic: true}
	if folded.Covers(racy) {
		t.Error("a folded atomic write covers a racing one")
	}
	if !racy.Covers(folded) || !folded.Covers(Action{}) {
		t.Error("a racing write must cover an atomic one, and anything a silent move")
	}
	if folded.Key() == racy.Key() {
		t.Error("folded and racing writes share a key: bisimulation would merge them")
	}
	if u := folded.Union(Action{}); !u.Atomic {
		t.Error("union with a silent move lost atomicity")
	}
	if u := folded.Union(racy); u.Atomic {
		t.Error("union with a racing write kept atomicity")
	}
}
