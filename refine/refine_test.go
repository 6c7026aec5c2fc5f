package refine

import (
	"slices"
	"testing"

	"circ/cfa"
	"circ/interp"
	"circ/predabs"
)

var (
	gx = &cfa.Var{Name: "x", Global: true}
	gy = &cfa.Var{Name: "y", Global: true, Init: 5}
	gm = &cfa.Var{Name: "m", Global: true, Kind: cfa.Mutex}
	la = &cfa.Var{Name: "a::l"} // a local of template 1
	lb = &cfa.Var{Name: "b::l"} // a local of template 2
)

func ref(v *cfa.Var) cfa.Expr { return cfa.Ref{V: v} }
func num(n int64) cfa.Expr    { return cfa.Const{Val: n} }
func bin(op cfa.BinOp, x, y cfa.Expr) cfa.Expr {
	return cfa.Binary{Op: op, X: x, Y: y}
}
func not(x cfa.Expr) cfa.Expr { return cfa.Unary{Op: cfa.Not, X: x} }

func strs(es []cfa.Expr) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.String())
	}
	return out
}

func TestAtoms(t *testing.T) {
	tests := []struct {
		name string
		e    cfa.Expr
		want []string
	}{
		{"comparison", bin(cfa.Lt, ref(gx), num(1)), []string{"x < 1"}},
		{"negation is stripped", not(bin(cfa.Eq, ref(gx), ref(gy))), []string{"x == y"}},
		{"conjunction and disjunction are split",
			bin(cfa.Or, bin(cfa.And, bin(cfa.Lt, ref(gx), num(1)), not(bin(cfa.Eq, ref(gy), num(2)))), ref(la)),
			[]string{"x < 1", "y == 2", "a::l != 0"}},
		{"integer used as a condition", bin(cfa.Add, ref(gx), num(1)), []string{"(x + 1) != 0"}},
		{"constant has no atom", num(1), nil},
		{"negated constant has no atom", not(num(0)), nil},
	}
	for _, tc := range tests {
		if got := strs(atoms(tc.e)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: atoms(%s) = %q, want %q", tc.name, tc.e, got, tc.want)
		}
	}
}

func TestSubst(t *testing.T) {
	tests := []struct {
		name string
		e    cfa.Expr
		v    *cfa.Var
		r    cfa.Expr
		want string
	}{
		{"every occurrence", bin(cfa.Lt, bin(cfa.Add, ref(gx), ref(gx)), num(3)), gx, bin(cfa.Mul, ref(gy), num(2)),
			"((y * 2) + (y * 2)) < 3"},
		{"other variables stay", bin(cfa.Eq, ref(gx), ref(gy)), gx, num(0), "0 == y"},
		{"absent variable", bin(cfa.Eq, ref(gy), num(1)), gx, num(0), "y == 1"},
		{"under unary and conditional", cfa.Cond{C: not(ref(la)), T: ref(la), F: ref(gx)}, la, ref(gx), "(!x) ? x : x"},
		{"not simultaneous with the replacement", bin(cfa.Gt, ref(gx), num(0)), gx, bin(cfa.Add, ref(gx), num(1)), "(x + 1) > 0"},
	}
	for _, tc := range tests {
		if got := subst(tc.e, tc.v, tc.r).String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestMine builds trace formulas by hand (only the fields mine reads)
// and checks the predicates mined from a core.
func TestMine(t *testing.T) {
	a := &cfa.CFA{Name: "a", Index: 1, Locals: []*cfa.Var{la}}
	b := &cfa.CFA{Name: "b", Index: 2, Locals: []*cfa.Var{lb}}
	p := &cfa.Program{Globals: []*cfa.Var{gx, gy, gm}, Templates: []*cfa.CFA{{Name: "main"}, a, b}}

	assign := func(v *cfa.Var, e cfa.Expr) *cfa.Edge { return &cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: e} }
	assume := func(e cfa.Expr) *cfa.Edge { return &cfa.Edge{Kind: cfa.Assume, Cond: e} }

	// Steps: 0: a: l := x; 1: main: x := x + 1; 2: a: assume l > 0;
	// 3: main: lock m; 4: b: assume b::l == a::l (two templates' locals);
	// 5: b: y := 7; 6: a: assume x > 1; 7: a second a: assume l == 1;
	// 8: a: assume x == 3; 9: b: assume y == 7.
	steps := []interp.Step{
		{Thread: 1, Edge: assign(la, ref(gx))},
		{Thread: 0, Edge: assign(gx, bin(cfa.Add, ref(gx), num(1)))},
		{Thread: 1, Edge: assume(bin(cfa.Gt, ref(la), num(0)))},
		{Thread: 0, Edge: &cfa.Edge{Kind: cfa.Lock, Mutex: gm}},
		{Thread: 2, Edge: assume(bin(cfa.Eq, ref(lb), ref(la)))},
		{Thread: 2, Edge: assign(gy, num(7))},
		{Thread: 1, Edge: assume(bin(cfa.Gt, ref(gx), num(1)))},
		{Thread: 3, Edge: assume(bin(cfa.Eq, ref(la), num(1)))},
		{Thread: 1, Edge: assume(bin(cfa.Eq, ref(gx), num(3)))},
		{Thread: 2, Edge: assume(bin(cfa.Eq, ref(gy), num(7)))},
	}
	// Clauses: initial values of x, y, m, then main's locals, then one
	// per step (as buildFormula lays them out).
	f := &formula{steps: steps}
	for _, g := range p.Globals {
		f.origin = append(f.origin, -1)
		f.initVar = append(f.initVar, g)
	}
	f.origin = append(f.origin, -2)
	f.initVar = append(f.initVar, nil)
	for i := range steps {
		f.origin = append(f.origin, i)
		f.initVar = append(f.initVar, nil)
	}
	const init, step = 0, 4 // clause indexes
	tests := []struct {
		name string
		core []int
		want map[string]int // predicate -> template
	}{
		{"initial value", []int{init + 1}, map[string]int{"y == 5": -1}},
		{"assume with its weakest precondition through a local assignment",
			[]int{init, step + 0, step + 2},
			map[string]int{"x == 0": -1, "a::l == x": 1, "a::l >= 1": 1, "x >= 1": -1}},
		{"an assignment reading its own variable gives no equality", []int{step + 1}, map[string]int{}},
		{"a lock gives the free predicate", []int{step + 3}, map[string]int{"m == 0": -1}},
		{"atoms over two templates' locals are dropped", []int{step + 4}, map[string]int{}},
		{"constant assignment", []int{step + 5}, map[string]int{"y == 7": -1}},
		{"weakest precondition through a global assignment",
			[]int{step + 1, step + 6},
			map[string]int{"x >= 2": -1, "x >= 1": -1}},
		{"another thread's local assignment is not substituted",
			[]int{step + 0, step + 7},
			map[string]int{"a::l == x": 1, "a::l == 1": 1}},
		{"main's locals' clause yields nothing", []int{init + 3}, map[string]int{}},
		{"a test of a global against a constant, with whether the global has passed it",
			[]int{step + 8}, map[string]int{"x == 3": -1, "x >= 4": -1}},
		{"and so its weakest precondition",
			[]int{step + 1, step + 8}, map[string]int{"x == 3": -1, "x >= 4": -1, "x == 2": -1, "x >= 3": -1}},
		{"no companion for a global the trace only sets to constants", []int{step + 9}, map[string]int{"y == 7": -1}},
	}
	for _, tc := range tests {
		got := map[string]int{}
		for _, pr := range mine(p, f, tc.core) {
			got[pr.String()] = pr.Template
		}
		if !mapsEqual(got, tc.want) {
			t.Errorf("%s: mined %v, want %v", tc.name, got, tc.want)
		}
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestMineTellsWhetherTheTrackedBlockIsAllocated: a test of a thread's
// pointer against the tracked block of a site that allocates in a loop
// brings in whether the site has allocated it yet (count <= instance);
// a site that allocates once has no counter to ask.
func TestMineTellsWhetherTheTrackedBlockIsAllocated(t *testing.T) {
	inst := &cfa.Var{Name: "b::instance", Global: true}
	count := &cfa.Var{Name: "b::count", Global: true}
	for _, tc := range []struct {
		name string
		next *cfa.Var
		want map[string]int
	}{
		{"allocated in a loop", count, map[string]int{"a::l == b::instance": 1, "a::l >= (b::instance + 1)": 1, "b::count >= (b::instance + 1)": -1}},
		{"allocated once", nil, map[string]int{"a::l == b::instance": 1, "a::l >= (b::instance + 1)": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj := &cfa.Object{Name: "b", Instance: inst, Next: tc.next}
			a := &cfa.CFA{Name: "a", Index: 1, Locals: []*cfa.Var{la}}
			p := &cfa.Program{Globals: []*cfa.Var{inst, count}, Templates: []*cfa.CFA{{Name: "main"}, a},
				Memory: &cfa.Memory{Objects: []*cfa.Object{obj}}}
			step := interp.Step{Thread: 1, Edge: &cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(la), ref(inst))}}
			f := &formula{steps: []interp.Step{step}, origin: []int{0}, initVar: []*cfa.Var{nil}}
			got := map[string]int{}
			for _, pr := range mine(p, f, []int{0}) {
				got[pr.String()] = pr.Template
			}
			if !mapsEqual(got, tc.want) {
				t.Errorf("mined %v, want %v", got, tc.want)
			}
		})
	}
}

// Predicates mined are sorted by their text, so that runs are
// reproducible.
func TestMineIsSorted(t *testing.T) {
	p := &cfa.Program{Globals: []*cfa.Var{gx, gy}, Templates: []*cfa.CFA{{Name: "main"}}}
	f := &formula{origin: []int{-1, -1}, initVar: []*cfa.Var{gy, gx}}
	got := mine(p, f, []int{0, 1})
	want := []predabs.Pred{{E: bin(cfa.Eq, ref(gx), num(0)), Template: -1}, {E: bin(cfa.Eq, ref(gy), num(5)), Template: -1}}
	if len(got) != 2 || got[0].String() != want[0].String() || got[1].String() != want[1].String() {
		t.Fatalf("mined %v", got)
	}
}
