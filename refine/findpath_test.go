package refine

import (
	"slices"
	"testing"

	"circ/acfa"
	"circ/predabs"
)

// TestFindPathThroughFoldedSections: under the circ race definition a
// context move may be a folded atomic section (mu is -1 inside it); and
// the quotient being a weak bisimulation, a location may match its
// class's move only through silent steps in other classes.
func TestFindPathThroughFoldedSections(t *testing.T) {
	// graph builds an ARG G from location atomicity and edges (from, to,
	// havoc); the edge index is the order given.
	graph := func(atomic []bool, edges [][3]any) *predabs.ARG {
		g := &acfa.ACFA{}
		for _, a := range atomic {
			g.AddLoc(acfa.Loc{Atomic: a})
		}
		for _, e := range edges {
			var h []string
			if e[2] != "" {
				h = []string{e[2].(string)}
			}
			g.AddEdge(e[0].(int), e[1].(int), acfa.Action{Havoc: h})
		}
		return &predabs.ARG{G: g}
	}
	to := func(mu []int, q int) func(acfa.Edge) bool {
		return func(e acfa.Edge) bool { return mu[e.To] == q }
	}
	writes := func(e acfa.Edge) bool { return len(e.Havoc) > 0 && e.Havoc[0] == "x" }

	// 0 -[ 1 -y-> 2 ]-> 3: a section writing y, from class 0 to class 1.
	section := graph([]bool{false, true, true, false}, [][3]any{{0, 1, ""}, {1, 2, "y"}, {2, 3, ""}})
	sectionMu := []int{0, -1, -1, 1}
	// 0 -[ 1 ]-> 2 -x-> 3: a section that writes nothing and comes back
	// to class 0, then a write of x.
	silent := graph([]bool{false, true, false, false}, [][3]any{{0, 1, ""}, {1, 2, ""}, {2, 3, "x"}})
	silentMu := []int{0, -1, 0, 1}
	// The same with a section that writes y: not a silent step.
	noisy := graph([]bool{false, true, false, false}, [][3]any{{0, 1, ""}, {1, 2, "y"}, {2, 3, "x"}})
	// 0 -x-> 1 -> 2: the move lands in class 1, which silently goes on
	// to the move's target, class 2.
	tail := graph([]bool{false, false, false}, [][3]any{{0, 1, "x"}, {1, 2, ""}})
	tailMu := []int{0, 1, 2}
	// 0 -> 1 -x-> 2: a silent step into class 1 first.
	head := graph([]bool{false, false, false}, [][3]any{{0, 1, ""}, {1, 2, "x"}})
	// 0 -x-> 1 -y-> 2: what follows the move is not silent.
	loud := graph([]bool{false, false, false}, [][3]any{{0, 1, "x"}, {1, 2, "y"}})

	tests := []struct {
		name             string
		arg              *predabs.ARG
		mu               []int
		finalFromSection bool
		final            func(acfa.Edge) bool
		target           int
		want             []int // nil: no path
	}{
		{"a folded section is one move", section, sectionMu, true, to(sectionMu, 1), -1, []int{0, 1, 2}},
		{"the racer's write is never inside a section", section, sectionMu, false, to(sectionMu, 1), -1, nil},
		{"a section that writes nothing is a silent step", silent, silentMu, false, writes, -1, []int{0, 1, 2}},
		{"a section that writes is not", noisy, silentMu, false, writes, -1, nil},
		{"a move may end with silent steps into its target", tail, tailMu, true, writes, 2, []int{0, 1}},
		{"a move may start with silent steps out of its class", head, tailMu, true, writes, 2, []int{0, 1}},
		{"steps after the move that write are not silent", loud, tailMu, true, writes, 2, nil},
	}
	for _, tc := range tests {
		got, err := findPath(tc.arg, tc.mu, 0, 0, tc.finalFromSection, tc.final, tc.target)
		if tc.want == nil {
			if err == nil {
				t.Errorf("%s: found path %v, want none", tc.name, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: path %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}
