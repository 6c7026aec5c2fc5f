package predabs_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"circ/acfa"
	"circ/cfa"
	"circ/cfa/cfront"
	"circ/predabs"
	"circ/smt"
)

func eq(v *cfa.Var, n int64) cfa.Expr {
	return cfa.Binary{Op: cfa.Eq, X: cfa.Ref{V: v}, Y: cfa.Const{Val: n}}
}

// testPreds: two global predicates (bits 0, 1) and one local (bit 2).
func testPreds() *predabs.Preds {
	g := &cfa.Var{Name: "g", Global: true}
	h := &cfa.Var{Name: "h", Global: true}
	l := &cfa.Var{Name: "w::l"}
	return &predabs.Preds{List: []predabs.Pred{{E: eq(g, 0), Template: -1}, {E: eq(h, 0), Template: -1}, {E: eq(l, 0), Template: 1}}, NumGlobal: 2}
}

func TestRegion(t *testing.T) {
	ps := testPreds()
	r := func(ms ...uint64) predabs.Region { return predabs.NewRegion(ps, false, ms) }
	if got := r(5, 1, 5, 3).M; !slices.Equal(got, []uint64{1, 3, 5}) {
		t.Errorf("NewRegion is not sorted and duplicate-free: %v", got)
	}
	if r(5, 1, 3).Key() != r(3, 5, 1, 1).Key() {
		t.Error("Key is not canonical")
	}
	if r(1, 3).Key() == r(1, 3, 5).Key() || r().Key() == r(0).Key() {
		t.Error("different regions share a key")
	}
	if u := r(1).Union(r(3, 1)); u.Key() != r(1, 3).Key() {
		t.Errorf("Union = %v", u.M)
	}
	if o, ok := r(1).Or(r(4)).(predabs.Region); !ok || o.Key() != r(1, 4).Key() {
		t.Errorf("Or = %v", o)
	}
	if r(1).Or(nil) != nil {
		t.Error("Or with a foreign label must be nil (true)")
	}
	implies := []struct {
		a, b predabs.Region
		want bool
	}{
		{r(1), r(1, 3), true},
		{r(1, 3), r(1, 3), true},
		{r(1, 3), r(1), false},
		{r(), r(1), true},
		{r(1), r(), false},
		{r(2, 6), r(1, 2, 5, 6), true},
		{r(2, 7), r(1, 2, 5, 6), false},
	}
	for _, tc := range implies {
		if got := tc.a.Implies(tc.b); got != tc.want {
			t.Errorf("%v implies %v = %v, want %v", tc.a.M, tc.b.M, got, tc.want)
		}
	}
	if r(1).Implies(nil) {
		t.Error("a region must not claim to imply a foreign label")
	}
	// Project drops the local bit and merges the minterms it separated.
	p := r(0b101, 0b001, 0b110).Project()
	if !slices.Equal(p.M, []uint64{0b01, 0b10}) {
		t.Errorf("Project = %v", p.M)
	}
	if p.Key() != predabs.NewRegion(ps, true, []uint64{2, 1}).Key() {
		t.Error("projected key is not canonical")
	}
	if got := r().String(); got != "false" {
		t.Errorf("empty region prints %q", got)
	}
	if got := r(0, 1, 2, 3).Project().String(); got != "true" {
		t.Errorf("full global region prints %q", got)
	}
	if got := r(0b01).Project().String(); got != "g == 0 && !(h == 0)" {
		t.Errorf("minterm prints %q", got)
	}
}

func TestFor(t *testing.T) {
	g := &cfa.Var{Name: "g", Global: true}
	a, b := &cfa.Var{Name: "a::l"}, &cfa.Var{Name: "b::l"}
	all := []predabs.Pred{{E: eq(a, 1), Template: 1}, {E: eq(g, 0), Template: -1}, {E: eq(b, 2), Template: 2}, {E: eq(g, 5), Template: -1}}
	ps := predabs.For(all, 1)
	var got []string
	for _, p := range ps.List {
		got = append(got, p.String())
	}
	if ps.NumGlobal != 2 || !slices.Equal(got, []string{"g == 0", "g == 5", "a::l == 1"}) {
		t.Fatalf("For = %v (%d global)", got, ps.NumGlobal)
	}
	if ps.GlobalMask() != 0b11 {
		t.Errorf("GlobalMask = %b", ps.GlobalMask())
	}
}

const unprotected = `#include <pthread.h>
int x, y;
void *w(void *a) { x = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  x = 2;
  y = 3;
  return 0;
}
`

const protected = `#include <pthread.h>
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m);
  x = 2;
  pthread_mutex_unlock(&m);
  return 0;
}
`

// reach runs ReachAndBuild for template main of p in the context acfas,
// checking races on x ("": none).
func reach(t *testing.T, sv *smt.Solver, p *cfa.Program, main int, preds []predabs.Pred, acfas []*acfa.ACFA, x string) (*predabs.ARG, error) {
	t.Helper()
	s := &predabs.Setup{
		Prog: p, Main: main, Preds: predabs.For(preds, main), ACFAs: acfas, K: 1,
		Var: p.Global(x), Solver: sv, MaxStates: 10000,
	}
	return predabs.ReachAndBuild(context.Background(), s)
}

func mustReach(t *testing.T, sv *smt.Solver, p *cfa.Program, main int, preds []predabs.Pred, acfas []*acfa.ACFA, x string) *predabs.ARG {
	t.Helper()
	arg, err := reach(t, sv, p, main, preds, acfas, x)
	if err != nil {
		t.Fatalf("ReachAndBuild(%s, %s): %v", p.Templates[main].Name, x, err)
	}
	return arg
}

func hasEdge(a *acfa.ACFA, f func(acfa.Edge) bool) bool {
	return slices.ContainsFunc(a.Edges, f)
}

func TestReachAndBuild(t *testing.T) {
	sv := smt.New(0)
	defer sv.Bind(context.Background())()
	p, err := cfront.Parse("u.c", []byte(unprotected))
	if err != nil {
		t.Fatal(err)
	}
	empty := []*acfa.ACFA{acfa.Empty(0), acfa.Empty(1)}

	// In the empty context the worker is never born, and main runs
	// alone: no race although it writes x.
	if g := mustReach(t, sv, p, 1, nil, empty, "x"); !g.G.IsEmpty() {
		t.Fatalf("an unborn worker has an ARG:\n%s", g.G)
	}
	mainArg := mustReach(t, sv, p, 0, nil, empty, "x")
	if mainArg.Projected.IsEmpty() || mainArg.NumStates == 0 {
		t.Fatal("main's ARG is empty")
	}
	if !hasEdge(mainArg.Projected, func(e acfa.Edge) bool { return slices.Equal(e.Creates, []int{1}) }) ||
		!hasEdge(mainArg.Projected, func(e acfa.Edge) bool { return slices.Contains(e.Havoc, "x") }) {
		t.Fatalf("main's ARG lacks the create or the write of x:\n%s", mainArg.Projected)
	}

	// With main's ARG as context, the worker is born and writes x (and
	// would race with main's write: check y, which only main writes). The
	// write is observable only through a predicate over x.
	wArg := mustReach(t, sv, p, 1, nil, []*acfa.ACFA{mainArg.Projected, acfa.Empty(1)}, "y")
	if hasEdge(wArg.Projected, func(e acfa.Edge) bool { return len(e.Havoc) > 0 }) {
		t.Fatalf("the worker's ARG shows a write no predicate observes:\n%s", wArg.Projected)
	}
	preds := []predabs.Pred{{E: eq(p.Global("x"), 1), Template: -1}}
	mainArg = mustReach(t, sv, p, 0, preds, empty, "y")
	wArg = mustReach(t, sv, p, 1, preds, []*acfa.ACFA{mainArg.Projected, acfa.Empty(1)}, "y")
	if !hasEdge(wArg.Projected, func(e acfa.Edge) bool { return slices.Contains(e.Havoc, "x") }) {
		t.Fatalf("the worker's ARG lacks its write of x:\n%s", wArg.Projected)
	}

	// With the worker's ARG as context, main's write of x races.
	ctx := []*acfa.ACFA{acfa.Empty(0), wArg.Projected}
	_, err = reach(t, sv, p, 0, preds, ctx, "x")
	var race *predabs.RaceError
	if !errors.As(err, &race) {
		t.Fatalf("no abstract race on x in the worker's context: %v", err)
	}
	if acc, w := race.MainEdge.Accesses(p.Global("x")); !acc || !w || race.CtxTemplate != 1 {
		t.Errorf("race on %s by template %d", race.MainEdge, race.CtxTemplate)
	}
	if len(race.States) != len(race.Ops)+1 || !slices.ContainsFunc(race.Ops, func(op predabs.Op) bool {
		return op.Kind == predabs.MainMove && op.Edge.Kind == cfa.Create
	}) {
		t.Errorf("race trace without the create: %d states, ops %+v", len(race.States), race.Ops)
	}
	// y is main's alone: no race in the same context.
	mustReach(t, sv, p, 0, preds, ctx, "y")
}

// TestReachAndBuildLock: the mutex keeps the context's write of x out of
// main's critical section once the predicate m == 0 tells free from
// taken (edge guards keep the context from taking a lock main holds);
// without it the abstraction loses the lock and finds a race.
func TestReachAndBuildLock(t *testing.T) {
	sv := smt.New(0)
	defer sv.Bind(context.Background())()
	p, err := cfront.Parse("p.c", []byte(protected))
	if err != nil {
		t.Fatal(err)
	}
	m := p.Global("m")
	for _, tc := range []struct {
		name  string
		preds []predabs.Pred
		race  bool
	}{
		{"no predicates", nil, true},
		{"m == 0", []predabs.Pred{{E: eq(m, 0), Template: -1}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			empty := []*acfa.ACFA{acfa.Empty(0), acfa.Empty(1)}
			mainArg := mustReach(t, sv, p, 0, tc.preds, empty, "x")
			wArg, err := reach(t, sv, p, 1, tc.preds, []*acfa.ACFA{mainArg.Projected, acfa.Empty(1)}, "x")
			var race *predabs.RaceError
			if got := errors.As(err, &race); got != tc.race {
				t.Fatalf("race %v (err %v), want %v; main's ACFA:\n%s", got, err, tc.race, mainArg.Projected)
			}
			if !tc.race {
				if err != nil {
					t.Fatal(err)
				}
				// And main, in the worker's context, does not race either.
				mustReach(t, sv, p, 0, tc.preds, []*acfa.ACFA{acfa.Empty(0), wArg.Projected}, "x")
				return
			}
			if tc.race && !strings.Contains(race.MainEdge.String(), "x") {
				t.Errorf("race on %s", race.MainEdge)
			}
		})
	}
}

// TestDeadPredicatesAreForgotten: after the inlined helper returns, the
// predicate over its local r no longer splits main's states, so the loop
// head has one ARG location however r ended; while r is live (between
// its write and its test) both values are kept.
func TestDeadPredicatesAreForgotten(t *testing.T) {
	sv := smt.New(0)
	defer sv.Bind(context.Background())()
	src := `
extern int __VERIFIER_nondet_int(void);
int g;
int pick(void) { int r = __VERIFIER_nondet_int(); if (r == 0) g = 1; return 0; }
int main(void) { while (1) { pick(); g = 0; } return 0; }
`
	p, err := cfront.Parse("d.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var r *cfa.Var
	for _, v := range p.Main().Locals {
		if strings.HasPrefix(v.Name, "pick::r") {
			r = v
		}
	}
	if r == nil {
		t.Fatalf("no local pick::r in\n%s", p)
	}
	arg := mustReach(t, sv, p, 0, []predabs.Pred{{E: eq(r, 0), Template: 0}}, []*acfa.ACFA{acfa.Empty(0)}, "")
	perPC := map[int]map[uint64]bool{}
	for _, ts := range arg.States {
		for _, s := range ts {
			if perPC[s.PC] == nil {
				perPC[s.PC] = map[uint64]bool{}
			}
			perPC[s.PC][s.M] = true
		}
	}
	var test, reset int = -1, -1
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assume && strings.Contains(e.String(), "pick::r") {
			test = e.From
		}
		if e.Kind == cfa.Assign && e.LHS.Name == "g" && e.RHS.String() == "0" {
			reset = e.From
		}
	}
	if got := len(perPC[test]); got != 2 {
		t.Errorf("at the test of r: %d minterms, want 2 (r live)", got)
	}
	if got := len(perPC[reset]); got != 1 {
		t.Errorf("after pick returned: %d minterms, want 1 (r dead)\n%s", got, p)
	}
}

// TestGeneralize: a predicate over the locals of one inlined call of get
// is carried to get's other call; predicates over the thread function's
// own locals, over globals only, or over two calls at once are not.
func TestGeneralize(t *testing.T) {
	src := `
int g;
int get(void) { int r = g; return r + 1; }
int main(void) { int a = get(); int b = get(); g = a + b; return 0; }
`
	p, err := cfront.Parse("g.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := p.Main()
	byName := map[string]*cfa.Var{}
	for _, v := range m.Locals {
		byName[v.Name] = v
	}
	ref := func(name string) cfa.Expr {
		v := byName[name]
		if v == nil {
			t.Fatalf("no local %s in %v", name, m.Locals)
		}
		return cfa.Ref{V: v}
	}
	g := cfa.Ref{V: p.Global("g")}
	tests := []struct {
		name string
		e    cfa.Expr
		want string
	}{
		{"first call to second", cfa.Binary{Op: cfa.Eq, X: ref("get::r"), Y: g}, "get::r#2 == g"},
		{"second call to first", cfa.Binary{Op: cfa.Eq, X: ref("get::r#2"), Y: cfa.Const{Val: 0}}, "get::r == 0"},
		{"thread function's own local", cfa.Binary{Op: cfa.Eq, X: ref("main::a"), Y: g}, ""},
		{"globals only", cfa.Binary{Op: cfa.Eq, X: g, Y: cfa.Const{Val: 0}}, ""},
		{"two calls at once", cfa.Binary{Op: cfa.Eq, X: ref("get::r"), Y: ref("get::r#2")}, ""},
	}
	for _, tc := range tests {
		var got []string
		for _, q := range predabs.Generalize(predabs.Pred{E: tc.e, Template: 0}, m) {
			got = append(got, q.String())
		}
		if strings.Join(got, "; ") != tc.want {
			t.Errorf("%s: Generalize(%s) = %q, want %q", tc.name, tc.e, got, tc.want)
		}
	}
}

// atomicTicket: each worker takes a ticket in a five-step atomic section.
const atomicTicket = `#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int next, x;
void *w(void *a) {
  int t;
  __VERIFIER_atomic_begin();
  t = next;
  next = t + 1;
  if (t == 0)
    x = 1;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, w, 0);
  return 0;
}
`

// TestAtomicSectionsFolded: under the circ definition the product has no
// states inside the main thread's atomic sections (they are taken in one
// step), yet the ARG, which other threads' contexts come from, is the
// one the step-by-step exploration of the svcomp definition builds.
func TestAtomicSectionsFolded(t *testing.T) {
	sv := smt.New(0)
	defer sv.Bind(context.Background())()
	p, err := cfront.Parse("t.c", []byte(atomicTicket))
	if err != nil {
		t.Fatal(err)
	}
	next := p.Global("next")
	preds := predabs.For([]predabs.Pred{{E: eq(next, 0), Template: -1}}, 1)
	mainArg := mustReach(t, sv, p, 0, preds.List, []*acfa.ACFA{acfa.Empty(0), acfa.Empty(1)}, "x")
	build := func(circ bool) *predabs.ARG {
		s := &predabs.Setup{
			Prog: p, Main: 1, Preds: preds, ACFAs: []*acfa.ACFA{mainArg.Projected, acfa.Empty(1)}, K: 1,
			Var: p.Global("x"), CircDef: circ, Solver: sv, MaxStates: 10000,
		}
		arg, err := predabs.ReachAndBuild(context.Background(), s)
		if err != nil {
			t.Fatalf("circ %v: %v", circ, err)
		}
		return arg
	}
	folded, stepwise := build(true), build(false)
	// The same graph up to the numbering of its locations.
	if len(folded.G.Locs) != len(stepwise.G.Locs) || len(folded.G.Edges) != len(stepwise.G.Edges) ||
		!acfa.CheckSim(folded.G, stepwise.G) || !acfa.CheckSim(stepwise.G, folded.G) {
		t.Errorf("folded ARG differs:\n%s\nstep by step:\n%s", folded.G, stepwise.G)
	}
	atomic := 0
	for _, l := range folded.G.Locs {
		if l.Atomic {
			atomic++
		}
	}
	if atomic < 4 {
		t.Errorf("the ARG has %d atomic locations, want the section's:\n%s", atomic, folded.G)
	}
	if folded.NumStates >= stepwise.NumStates {
		t.Errorf("%d states folded, %d step by step: want fewer", folded.NumStates, stepwise.NumStates)
	}
}

// localChains has one local step of each kind a transient location can
// and cannot start.
const localChains = `#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int g;
void *w(void *a) {
  int i, j;
  g = 1;
  i = 0;
  j = __VERIFIER_nondet_int();
  __VERIFIER_assume(j > 0);
  if (j > 5)
    i = 1;
  g = i;
  while (i < 3)
    i = i + 1;
  __VERIFIER_atomic_begin();
  g = 2;
  __VERIFIER_atomic_end();
  g = 3;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  return 0;
}
`

// TestTransientLocations: the locations inside chains of local steps are
// transient, except where the chain could stop (an assumption that may
// fail, a local loop) or runs into an atomic section.
func TestTransientLocations(t *testing.T) {
	sv := smt.New(0)
	defer sv.Bind(context.Background())()
	p, err := cfront.Parse("l.c", []byte(localChains))
	if err != nil {
		t.Fatal(err)
	}
	mainArg := mustReach(t, sv, p, 0, nil, []*acfa.ACFA{acfa.Empty(0), acfa.Empty(1)}, "")
	arg := mustReach(t, sv, p, 1, nil, []*acfa.ACFA{mainArg.Projected, acfa.Empty(1)}, "")
	w := p.Templates[1]
	var got []string
	for n, l := range arg.G.Locs {
		if l.Transient {
			for _, e := range w.Out[arg.States[n][0].PC] {
				got = append(got, e.String())
			}
		}
	}
	slices.Sort(got)
	// The declarations' havocs of i and j come first: the entry is never
	// transient, the location after it is.
	want := []string{"assume !(w::j > 5)", "assume w::j > 5", "havoc w::j in [-2147483648, 2147483647]", "havoc w::j in [-2147483648, 2147483647]", "w::i := 0", "w::i := 1"}
	if !slices.Equal(got, want) {
		t.Errorf("moves out of transient locations:\n  %q\nwant\n  %q", got, want)
	}
}
