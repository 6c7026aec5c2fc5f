package predabs_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"circ/acfa"
	"circ/cfa"
	"circ/cfa/cfront"
	"circ/predabs"
	"circ/smt"
)

// withSolver parses src and gives a solver bound for the test.
func withSolver(t *testing.T, name, src string) (*smt.Solver, *cfa.Program) {
	t.Helper()
	sv := smt.New(0)
	t.Cleanup(sv.Bind(context.Background()))
	p, err := cfront.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return sv, p
}

// reachCounted runs ReachAndBuild for template main with the predicates
// preds in the context acfas, checking x, through posts (nil: none),
// and returns the ARG and the solver queries it made.
func reachCounted(t *testing.T, sv *smt.Solver, p *cfa.Program, main int, preds []predabs.Pred, acfas []*acfa.ACFA, x string, posts *predabs.PostCache) (*predabs.ARG, int) {
	t.Helper()
	q := sv.Queries
	arg, err := predabs.ReachAndBuild(context.Background(), &predabs.Setup{
		Prog: p, Main: main, Preds: predabs.For(preds, main), AllPreds: preds, ACFAs: acfas, K: 1,
		Var: p.Global(x), Solver: sv, MaxStates: 10000, Posts: posts,
	})
	if err != nil {
		t.Fatal(err)
	}
	return arg, sv.Queries - q
}

// sameARG fails the test unless got and want are the same graph.
func sameARG(t *testing.T, what string, got, want *predabs.ARG) {
	t.Helper()
	if got.Projected.String() != want.Projected.String() || got.NumStates != want.NumStates {
		t.Fatalf("%s, with the cache:\n%s(%d states)\nwithout:\n%s(%d states)", what, got.Projected, got.NumStates, want.Projected, want.NumStates)
	}
}

const counted = `int x, y, z;
int main(void) {
  int i = 0;
  while (i < 3) { i = i + 1; x = x + 1; }
  if (x == 3) y = 1; else y = 2;
  z = y;
  return 0;
}
`

// TestPostCacheAcrossRounds: a round that shares a PostCache with an
// earlier one builds the same ARG as a round without it, in its own
// numbering of the predicates (new ones first, the old ones reordered),
// and asks the solver less; a round with the same predicates asks it
// less again (only what is not a main move's post).
func TestPostCacheAcrossRounds(t *testing.T) {
	sv, p := withSolver(t, "c.c", counted)
	x, y, z := p.Global("x"), p.Global("y"), p.Global("z")
	var i *cfa.Var
	for _, v := range p.Templates[0].Locals {
		if v.SourceName() == "i" {
			i = v
		}
	}
	if i == nil {
		t.Fatal("main has no local i")
	}
	first := []predabs.Pred{{E: eq(x, 3), Template: -1}, {E: eq(i, 3), Template: 0}, {E: eq(y, 1), Template: -1}}
	second := []predabs.Pred{{E: eq(z, 1), Template: -1}, {E: eq(y, 1), Template: -1}, {E: eq(x, 3), Template: -1},
		{E: eq(x, 2), Template: -1}, {E: eq(i, 3), Template: 0}, {E: eq(i, 2), Template: 0}}
	empty := []*acfa.ACFA{acfa.Empty(0)}
	want, alone := reachCounted(t, sv, p, 0, second, empty, "z", nil)
	posts := predabs.NewPostCache(p)
	reachCounted(t, sv, p, 0, first, empty, "z", posts)
	got, shared := reachCounted(t, sv, p, 0, second, empty, "z", posts)
	sameARG(t, "after a refinement", got, want)
	if shared >= alone {
		t.Errorf("the round after a refinement made %d queries, %d without the cache", shared, alone)
	}
	if _, again := reachCounted(t, sv, p, 0, second, empty, "z", posts); again >= shared {
		t.Errorf("a round with the same predicates made %d queries, the one before %d", again, shared)
	}
}

// bitwise reaches x = a & b from two states that differ only in
// predicates over c and d: one where c == 3 and (c & d) == 0 pin the
// uninterpreted & at (3, 1) to 0 (a spurious state: 3 & 1 is 1), and
// one where they do not.
const bitwise = `int a = 3, b = 1, c, d = 1, x, y;
int main(void) {
  c = __VERIFIER_nondet_int();
  if (c == 3) { if ((c & d) != 0) return 0; }
  x = a & b;
  if (x == 1) y = 1;
  return 0;
}
`

// TestPostCacheSharedFunctions: predicates over distinct variables are
// still related through an operator the solver leaves uninterpreted, so
// the post of x = a & b from the spurious state must not serve the other
// one; with the cache the ARG is the one built without it (y = 1 stays
// reachable).
func TestPostCacheSharedFunctions(t *testing.T) {
	sv, p := withSolver(t, "b.c", bitwise)
	g := func(n string) cfa.Expr { return cfa.Ref{V: p.Global(n)} }
	and := cfa.Binary{Op: cfa.BitAnd, X: g("c"), Y: g("d")}
	preds := []predabs.Pred{
		{E: eq(p.Global("a"), 3), Template: -1}, {E: eq(p.Global("b"), 1), Template: -1},
		{E: eq(p.Global("c"), 3), Template: -1}, {E: eq(p.Global("d"), 1), Template: -1},
		{E: cfa.Binary{Op: cfa.Eq, X: and, Y: cfa.Const{Val: 0}}, Template: -1}, {E: eq(p.Global("x"), 1), Template: -1},
	}
	empty := []*acfa.ACFA{acfa.Empty(0)}
	want, _ := reachCounted(t, sv, p, 0, preds, empty, "y", nil)
	got, _ := reachCounted(t, sv, p, 0, preds, empty, "y", predabs.NewPostCache(p))
	if !hasEdge(want.Projected, func(e acfa.Edge) bool { return slices.Contains(e.Havoc, "y") }) {
		t.Fatalf("without the cache y = 1 is unreachable:\n%s", want.Projected)
	}
	sameARG(t, "one round", got, want)
}

// TestPostCacheContextMoves: the rounds of a check of the mutex
// program, main's ARG in the worker's context and the worker's in
// main's, each built once with a cache shared by all rounds and once
// without, give the same ARGs; the shared cache saves queries.
func TestPostCacheContextMoves(t *testing.T) {
	sv, p := withSolver(t, "p.c", protected)
	preds := []predabs.Pred{{E: eq(p.Global("m"), 0), Template: -1}, {E: eq(p.Global("x"), 2), Template: -1}}
	posts := predabs.NewPostCache(p)
	ctx := []*acfa.ACFA{acfa.Empty(0), acfa.Empty(1)}
	saved := 0
	for round := 0; round < 3; round++ {
		next := make([]*acfa.ACFA, 2)
		for main := 0; main < 2; main++ {
			want, alone := reachCounted(t, sv, p, main, preds, ctx, "x", nil)
			got, shared := reachCounted(t, sv, p, main, preds, ctx, "x", posts)
			sameARG(t, fmt.Sprintf("round %d, template %d", round, main), got, want)
			saved += alone - shared
			next[main] = want.Projected
		}
		ctx = next
	}
	if saved <= 0 {
		t.Errorf("the shared cache saved %d queries", saved)
	}
}
