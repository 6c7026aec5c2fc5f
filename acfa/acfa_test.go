package acfa

import (
	"slices"
	"strings"
	"testing"
)

// set is a test label: a set of states (bits); p implies o iff p ⊆ o.
type set uint8

func (s set) Implies(o Label) bool { return s&^o.(set) == 0 }
func (s set) Key() string          { return strings.Repeat("x", int(s)) }
func (s set) String() string       { return s.Key() }
func (s set) Or(o Label) Label     { return s | o.(set) }

func TestCountArithmetic(t *testing.T) {
	tests := []struct {
		name string
		got  Count
		want Count
	}{
		{"0+1 within k=1", Count(0).Inc(1), 1},
		{"1+1 beyond k=1 is omega", Count(1).Inc(1), Omega},
		{"1+1 within k=2", Count(1).Inc(2), 2},
		{"2+1 beyond k=2 is omega", Count(2).Inc(2), Omega},
		{"3+1 within k=8", Count(3).Inc(8), 4},
		{"omega+1 is omega", Omega.Inc(8), Omega},
		{"0+1 with k=0 is omega", Count(0).Inc(0), Omega},
		{"1-1", Count(1).Dec(), 0},
		{"3-1", Count(3).Dec(), 2},
		{"omega-1 is omega", Omega.Dec(), Omega},
		{"k+1-1 stays omega (no way back below k)", Count(2).Inc(2).Dec(), Omega},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	preds := []struct {
		c                    Count
		positive, atLeastTwo bool
		str                  string
	}{
		{0, false, false, "0"},
		{1, true, false, "1"},
		{2, true, true, "2"},
		{Omega, true, true, "ω"},
	}
	for _, tc := range preds {
		if tc.c.Positive() != tc.positive || tc.c.AtLeastTwo() != tc.atLeastTwo || tc.c.String() != tc.str {
			t.Errorf("%v: Positive %v AtLeastTwo %v String %q", tc.c, tc.c.Positive(), tc.c.AtLeastTwo(), tc.c.String())
		}
	}
}

func TestContextCloneAndKey(t *testing.T) {
	g := Context{{1, 0}, {Omega}}
	h := g.Clone()
	h[0][1] = 2
	if g[0][1] != 0 {
		t.Fatalf("Clone shares storage: %v", g)
	}
	if g.Key() != "1,0|ω" || h.Key() != "1,2|ω" {
		t.Fatalf("keys %q %q", g.Key(), h.Key())
	}
	// Different shapes with the same counts must not collide.
	if (Context{{1}, {0}}).Key() == (Context{{1, 0}}).Key() {
		t.Fatal("keys of different shapes collide")
	}
}

func TestActionCovers(t *testing.T) {
	var none Label // nil: any state
	tests := []struct {
		name string
		a, b Action
		want bool
	}{
		{"equal havocs", Action{Havoc: []string{"x"}}, Action{Havoc: []string{"x"}}, true},
		{"havoc superset covers", Action{Havoc: []string{"x", "y"}}, Action{Havoc: []string{"y"}}, true},
		{"havoc subset does not cover", Action{Havoc: []string{"y"}}, Action{Havoc: []string{"x", "y"}}, false},
		{"anything covers skip", Action{Havoc: []string{"x"}}, Action{}, true},
		{"skip does not cover a write", Action{}, Action{Havoc: []string{"x"}}, false},
		{"creates must be equal", Action{Creates: []int{1}}, Action{}, false},
		{"creates must be equal (other way)", Action{}, Action{Creates: []int{1}}, false},
		{"same creates", Action{Creates: []int{1}}, Action{Creates: []int{1}}, true},
		{"different created template", Action{Creates: []int{2}}, Action{Creates: []int{1}}, false},
		{"joins must be equal", Action{Joins: []int{1}}, Action{}, false},
		{"nil guard covers any guard", Action{Guard: none}, Action{Guard: set(0b01)}, true},
		{"a guard does not cover nil", Action{Guard: set(0b11)}, Action{}, false},
		{"weaker guard covers", Action{Guard: set(0b11)}, Action{Guard: set(0b01)}, true},
		{"stronger guard does not cover", Action{Guard: set(0b01)}, Action{Guard: set(0b11)}, false},
		{"disjoint guards", Action{Guard: set(0b10)}, Action{Guard: set(0b01)}, false},
		{"weaker post covers", Action{Post: set(0b11)}, Action{Post: set(0b10)}, true},
		{"stronger post does not cover", Action{Post: set(0b10)}, Action{Post: set(0b11)}, false},
		{"a post does not cover nil", Action{Post: set(0b11)}, Action{}, false},
		{"arg subset", Action{Creates: []int{1}, Args: []int64{0, 1}}, Action{Creates: []int{1}, Args: []int64{1}}, true},
		{"arg not included", Action{Creates: []int{1}, Args: []int64{0}}, Action{Creates: []int{1}, Args: []int64{1}}, false},
		{"any arg covers constants", Action{Creates: []int{1}, AnyArg: true}, Action{Creates: []int{1}, Args: []int64{5}}, true},
		{"constants do not cover any arg", Action{Creates: []int{1}, Args: []int64{5}}, Action{Creates: []int{1}, AnyArg: true}, false},
	}
	for _, tc := range tests {
		if got := tc.a.Covers(tc.b); got != tc.want {
			t.Errorf("%s: (%v).Covers(%v) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

func TestActionSilentUnionKey(t *testing.T) {
	if !(Action{Guard: set(1)}).Silent() || (Action{Havoc: []string{"x"}}).Silent() ||
		(Action{Creates: []int{1}}).Silent() || (Action{Joins: []int{1}}).Silent() {
		t.Error("Silent is wrong")
	}
	u := Action{Havoc: []string{"y"}, Guard: set(0b01), Args: []int64{2}}.Union(Action{Havoc: []string{"x", "y"}, Guard: set(0b10), Args: []int64{1, 2}})
	if !slices.Equal(u.Havoc, []string{"x", "y"}) || u.Guard != set(0b11) || !slices.Equal(u.Args, []int64{1, 2}) {
		t.Errorf("Union = %+v", u)
	}
	if g := (Action{Guard: set(1)}).Union(Action{}).Guard; g != nil {
		t.Errorf("a guard or no guard must be no guard, got %v", g)
	}
	if (Action{Havoc: []string{"x"}, Guard: set(1)}).Key() != (Action{Havoc: []string{"x"}, Guard: set(2)}).Key() {
		t.Error("guards must not be part of Key")
	}
	if (Action{Havoc: []string{"x"}}).Key() == (Action{Havoc: []string{"x"}, Creates: []int{1}}).Key() {
		t.Error("creations must be part of Key")
	}
}

func TestAddEdgeMerges(t *testing.T) {
	a := &ACFA{}
	l0, l1 := a.AddLoc(Loc{Label: set(1)}), a.AddLoc(Loc{Label: set(1)})
	a.AddEdge(l0, l1, Action{Havoc: []string{"y"}, Guard: set(0b01)})
	a.AddEdge(l0, l1, Action{Havoc: []string{"x"}, Guard: set(0b10)})
	a.AddEdge(l0, l1, Action{Creates: []int{1}})
	if len(a.Edges) != 2 || len(a.Out[l0]) != 2 {
		t.Fatalf("edges %+v", a.Edges)
	}
	if e := a.Edges[0]; !slices.Equal(e.Havoc, []string{"x", "y"}) || e.Guard != set(0b11) {
		t.Errorf("merged edge %+v", e)
	}
	if !a.Writes(l0, "x") || a.Writes(l1, "x") || a.Writes(l0, "z") {
		t.Error("Writes is wrong")
	}
}

// loc and edge describe hand-built ACFAs.
type loc struct {
	label                    set
	atomic, final, transient bool
}

type edge struct {
	from, to int
	act      Action
}

func build(entry int, locs []loc, edges []edge) *ACFA {
	a := &ACFA{Entry: entry}
	for _, l := range locs {
		a.AddLoc(Loc{Label: l.label, Atomic: l.atomic, Final: l.final, Transient: l.transient})
	}
	for _, e := range edges {
		a.AddEdge(e.from, e.to, e.act)
	}
	return a
}

func havoc(xs ...string) Action { return Action{Havoc: xs} }

func TestCheckSim(t *testing.T) {
	// lockLoop: a thread that forever writes x between two locations.
	lockLoop := build(0, []loc{{label: 0b11}, {label: 0b11}}, []edge{
		{0, 1, havoc("m")}, {1, 0, havoc("m", "x")},
	})
	tests := []struct {
		name string
		g, a *ACFA
		want bool
	}{
		{"empty is simulated by empty", Empty(0), Empty(0), true},
		{"empty is simulated by anything", Empty(0), lockLoop, true},
		{"nothing non-empty is simulated by empty", lockLoop, Empty(0), false},
		{"itself", lockLoop, lockLoop, true},
		{"an unrolling is simulated by the loop",
			build(0, []loc{{label: 0b01}, {label: 0b01}, {label: 0b10}, {label: 0b01}}, []edge{
				{0, 1, havoc("m")}, {1, 2, havoc("x")}, {2, 3, havoc("m")},
			}), lockLoop, true},
		{"havoc not a subset",
			build(0, []loc{{label: 1}, {label: 1}}, []edge{{0, 1, havoc("y")}}), lockLoop, false},
		{"havoc a subset only deep down (greatest fixpoint)",
			build(0, []loc{{label: 1}, {label: 1}, {label: 1}}, []edge{{0, 1, havoc("m")}, {1, 2, havoc("y")}}), lockLoop, false},
		{"label does not imply",
			build(0, []loc{{label: 0b100}}, nil), lockLoop, false},
		{"atomic mismatch",
			build(0, []loc{{label: 1, atomic: true}}, nil), lockLoop, false},
		{"atomic matched by an atomic location",
			build(0, []loc{{label: 1}, {label: 1, atomic: true}, {label: 1}}, []edge{{0, 1, havoc()}, {1, 2, havoc("x")}}),
			build(0, []loc{{label: 0b11}, {label: 0b11, atomic: true}}, []edge{{0, 1, havoc()}, {1, 0, havoc("x")}}), true},
		{"non-atomic not matched by an atomic location",
			build(0, []loc{{label: 1}}, nil),
			build(0, []loc{{label: 1, atomic: true}}, nil), false},
		{"final mismatch",
			build(0, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc("x")}}),
			build(0, []loc{{label: 1}}, []edge{{0, 0, havoc("x")}}), false},
		{"final matched",
			build(0, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc("x")}}),
			build(0, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 0, havoc()}, {0, 1, havoc("x", "y")}}), true},
		{"entry must be related",
			build(0, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc()}}),
			build(1, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc()}}), false},
		{"create matched only by the same create",
			build(0, []loc{{label: 1}, {label: 1}}, []edge{{0, 1, Action{Creates: []int{1}}}}),
			build(0, []loc{{label: 1}}, []edge{{0, 0, Action{Creates: []int{2}, Havoc: []string{"x"}}}}), false},
		{"guarded move matched by a weaker guard",
			build(0, []loc{{label: 3}, {label: 3}}, []edge{{0, 1, Action{Havoc: []string{"x"}, Guard: set(1)}}}),
			build(0, []loc{{label: 3}}, []edge{{0, 0, Action{Havoc: []string{"x"}, Guard: set(3)}}}), true},
		{"guarded move not matched by a stronger guard",
			build(0, []loc{{label: 3}, {label: 3}}, []edge{{0, 1, Action{Havoc: []string{"x"}, Guard: set(3)}}}),
			build(0, []loc{{label: 3}}, []edge{{0, 0, Action{Havoc: []string{"x"}, Guard: set(1)}}}), false},
		{"one of two branches suffices",
			build(0, []loc{{label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc("x")}}),
			build(0, []loc{{label: 1}, {label: 1}, {label: 1, final: true}}, []edge{{0, 1, havoc("x")}, {0, 2, havoc("x")}}), true},
	}
	for _, tc := range tests {
		if got := CheckSim(tc.g, tc.a); got != tc.want {
			t.Errorf("%s: CheckSim = %v, want %v\ng: %s\na: %s", tc.name, got, tc.want, tc.g, tc.a)
		}
	}
}

func TestContextOrder(t *testing.T) {
	// Say (0,1) is atomic and (1,1) a handler location.
	// and (2,0) a location a region count counts.
	matchAt := [][]Match{{AtLeast, Exactly}, {AtLeast, Occupied}, {SameOrOmega}}
	tests := []struct {
		name         string
		small, big   Context
		lessEq, want bool
	}{
		{"equal", Context{{1, 0}, {2, 0}}, Context{{1, 0}, {2, 0}}, true, true},
		{"more threads at a plain location", Context{{1, 0}, {1, 0}}, Context{{1, 0}, {2, 0}}, true, true},
		{"omega is above every count", Context{{1, 0}, {5, 0}}, Context{{Omega, 0}, {Omega, 0}}, true, true},
		{"fewer threads somewhere", Context{{2, 0}, {1, 0}}, Context{{1, 0}, {2, 0}}, false, false},
		{"omega is not below a count", Context{{Omega, 0}, {0, 0}}, Context{{3, 0}, {0, 0}}, false, false},
		{"an atomic location must match exactly", Context{{0, 0}, {0}}, Context{{0, 1}, {0}}, true, false},
		{"a handler location may have more threads", Context{{0, 0}, {0, 1}}, Context{{0, 0}, {0, Omega}}, true, true},
		{"a handler location must be occupied in both or neither", Context{{0, 0}, {0, 0}}, Context{{0, 0}, {0, 1}}, true, false},
		{"a counted location takes the same count", Context{{0, 0}, {0, 0}, {1}}, Context{{0, 0}, {0, 0}, {2}}, true, false},
		{"or omega", Context{{0, 0}, {0, 0}, {1}}, Context{{0, 0}, {0, 0}, {Omega}}, true, true},
	}
	for _, tc := range tests {
		all := true
		for j := range tc.small {
			for q := range tc.small[j] {
				all = all && tc.small[j][q].LessEq(tc.big[j][q])
			}
		}
		if all != tc.lessEq {
			t.Errorf("%s: pointwise LessEq %v, want %v", tc.name, all, tc.lessEq)
		}
		if got := tc.small.CoveredBy(tc.big, matchAt); got != tc.want {
			t.Errorf("%s: CoveredBy %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestContextLiveAndWeight(t *testing.T) {
	g := Context{{1, 2, 0}, {Omega, 1}}
	if g.Live(0) != 3 || g.Live(1) != -1 {
		t.Errorf("Live: %d %d, want 3 and -1 (omega)", g.Live(0), g.Live(1))
	}
	if (Context{{1, 1}}).Weight() >= (Context{{Omega, 0}}).Weight() {
		t.Error("an omega count must weigh more than any finite placement")
	}
	if (Context{{1, 0}}).Weight() >= (Context{{1, 1}}).Weight() {
		t.Error("more threads must weigh more")
	}
}

func TestContextAppendKey(t *testing.T) {
	key := func(g Context) string { return string(g.AppendKey(nil)) }
	if key(Context{{1, 0}, {Omega}}) != key(Context{{1, 0}, {Omega}}) {
		t.Error("equal contexts, different keys")
	}
	for _, g := range []Context{{{0, 1}, {Omega}}, {{1, 0}, {0}}, {{1, 0}, {2}}, {{257, 0}, {Omega}}} {
		if key(g) == key(Context{{1, 0}, {Omega}}) {
			t.Errorf("%v has the key of [[1 0] [ω]]", g)
		}
	}
}
