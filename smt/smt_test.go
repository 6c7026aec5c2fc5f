package smt

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"circ/cfa"

	"github.com/aclements/go-z3/z3"
)

func TestCDivisionTruncates(t *testing.T) {
	s := New(0)
	env := func(v *cfa.Var) string { return v.Name }
	for _, c := range []struct{ x, y, q, r int64 }{
		{7, 2, 3, 1}, {-7, 2, -3, -1}, {7, -2, -3, 1}, {-7, -2, 3, -1},
	} {
		div := cfa.Binary{Op: cfa.Div, X: cfa.Const{Val: c.x}, Y: cfa.Const{Val: c.y}}
		mod := cfa.Binary{Op: cfa.Mod, X: cfa.Const{Val: c.x}, Y: cfa.Const{Val: c.y}}
		ok, err := s.Check(s.Int(div, env).Eq(s.Num(c.q)), s.Int(mod, env).Eq(s.Num(c.r)))
		if err != nil || !ok {
			t.Errorf("%d/%d: want q=%d r=%d (sat=%v, err=%v)", c.x, c.y, c.q, c.r, ok, err)
		}
	}
}

func TestAllSatIsExactBooleanAbstraction(t *testing.T) {
	s := New(0)
	x := s.Const("x")
	// x in {0, 1}: predicates x=0 and x=1 are never both true, never both false.
	base := x.GE(s.Num(0)).And(x.LE(s.Num(1)))
	got, err := s.AllSat(base, []z3.Bool{x.Eq(s.Num(0)), x.Eq(s.Num(1))})
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint64]bool{1: true, 2: true}
	if len(got) != 2 || !want[got[0]] || !want[got[1]] {
		t.Fatalf("AllSat = %v, want minterms 01 and 10", got)
	}
}

func TestMinimalCoreDropsIrrelevantClauses(t *testing.T) {
	s := New(0)
	x, y := s.Const("x"), s.Const("y")
	fs := []z3.Bool{y.Eq(s.Num(3)), x.Eq(s.Num(1)), y.GT(s.Num(0)), x.Eq(s.Num(0))}
	core, err := s.MinimalCore(fs)
	if err != nil {
		t.Fatal(err)
	}
	if len(core) != 2 || core[0] != 1 || core[1] != 3 {
		t.Fatalf("core = %v, want [1 3]", core)
	}
	if s.Queries == 0 {
		t.Fatal("queries not counted")
	}
}

// TestMinimalCoreIsDeletionsCore: dropping runs of formulas at once gives
// the core that dropping them one at a time, in order, gives, on random
// unsatisfiable sets of bounds over three variables.
func TestMinimalCoreIsDeletionsCore(t *testing.T) {
	s := New(0)
	vars := []z3.Int{s.Const("a"), s.Const("b"), s.Const("c")}
	rng := rand.New(rand.NewPCG(1, 2))
	unsat := 0
	for round := 0; round < 60; round++ {
		var fs []z3.Bool
		for len(fs) < 40 {
			x, k := vars[rng.IntN(len(vars))], s.Num(int64(rng.IntN(20)))
			switch rng.IntN(3) {
			case 0:
				fs = append(fs, x.GT(k))
			case 1:
				fs = append(fs, x.LT(k))
			default:
				fs = append(fs, x.Eq(vars[rng.IntN(len(vars))].Add(k)))
			}
		}
		if sat, _ := s.Check(fs...); sat {
			continue
		}
		unsat++
		// Deletion one formula at a time.
		keep := make([]bool, len(fs))
		for i := range keep {
			keep[i] = true
		}
		var want []int
		for i := range fs {
			keep[i] = false
			var rest []z3.Bool
			for j, f := range fs {
				if keep[j] {
					rest = append(rest, f)
				}
			}
			if sat, _ := s.Check(rest...); sat {
				keep[i] = true
				want = append(want, i)
			}
		}
		got, err := s.MinimalCore(fs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: core %v, one at a time %v", round, got, want)
		}
	}
	if unsat < 30 {
		t.Fatalf("only %d of 60 sets unsatisfiable", unsat)
	}
}

// TestBitwiseWithConstantIsExact checks the linear encodings of x & c,
// x | c, x ^ c (either side), x << k, x >> k and ~x against Go's
// two's-complement operators, for a variable x bound to each value.
func TestBitwiseWithConstantIsExact(t *testing.T) {
	s := New(0)
	x := &cfa.Var{Name: "x"}
	env := func(v *cfa.Var) string { return v.Name }
	values := []int64{-1 << 40, -257, -9, -8, -1, 0, 1, 5, 7, 8, 255, 1<<40 + 3}
	masks := []int64{0, 1, 3, 4, 6, 8, -8, -1, 0x55, 0xF0F0, ^0x10, -0x1000000001}
	ops := []struct {
		op   cfa.BinOp
		eval func(a, b int64) int64
	}{
		{cfa.BitAnd, func(a, b int64) int64 { return a & b }},
		{cfa.BitOr, func(a, b int64) int64 { return a | b }},
		{cfa.BitXor, func(a, b int64) int64 { return a ^ b }},
	}
	check := func(e cfa.Expr, v, want int64) {
		t.Helper()
		bound := s.Const("x").Eq(s.Num(v))
		if ok, err := s.Check(bound, s.Int(e, env).NE(s.Num(want))); err != nil || ok {
			t.Errorf("x=%d: %s may differ from %d (sat=%v, err=%v)", v, e, want, ok, err)
		}
	}
	for _, v := range values {
		for _, o := range ops {
			for _, c := range masks {
				check(cfa.Binary{Op: o.op, X: cfa.Ref{V: x}, Y: cfa.Const{Val: c}}, v, o.eval(v, c))
				check(cfa.Binary{Op: o.op, X: cfa.Const{Val: c}, Y: cfa.Ref{V: x}}, v, o.eval(c, v))
			}
		}
		for _, k := range []int64{0, 1, 3, 20} {
			check(cfa.Binary{Op: cfa.Shl, X: cfa.Ref{V: x}, Y: cfa.Const{Val: k}}, v, v<<k)
			check(cfa.Binary{Op: cfa.Shr, X: cfa.Ref{V: x}, Y: cfa.Const{Val: k}}, v, v>>k)
		}
		check(cfa.Unary{Op: cfa.BitNot, X: cfa.Ref{V: x}}, v, ^v)
	}
}

// TestBindReleasedBeforeCancelKeepsSolver: a solver released before its
// context ends (a check's, cancelled as the check returns) stays usable
// for the next check; only a check running when the context ends is
// interrupted.
func TestBindReleasedBeforeCancelKeepsSolver(t *testing.T) {
	s := New(0)
	x := s.Const("x")
	for i := range 300 {
		// Released and cancelled before the watcher may have run: it
		// sees both channels ready.
		ctx, cancel := context.WithCancel(context.Background())
		release := s.Bind(ctx)
		release()
		cancel()
		runtime.Gosched()
		// The next check binds the solver to its own context.
		next := s.Bind(context.Background())
		failed, err := checkFails(s, x.Eq(s.Num(int64(i))))
		next()
		if failed || s.Interrupted() {
			t.Fatalf("check %d: err %v, interrupted %v: a released solver was interrupted", i, err, s.Interrupted())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := s.Bind(ctx)
	cancel()
	for !s.Interrupted() {
		runtime.Gosched()
	}
	release()
	if failed, _ := checkFails(s, x.Eq(s.Num(1))); !failed {
		t.Errorf("a check after an interrupt succeeded: Interrupted would replace a usable solver")
	}
}

// checkFails reports whether checking f fails: with an error, or with
// the panic go-z3 raises when Z3 rejects the call (after an interrupt).
func checkFails(s *Solver, f z3.Bool) (failed bool, err any) {
	defer func() {
		if r := recover(); r != nil {
			failed, err = true, r
		}
	}()
	_, e := s.Check(f)
	return e != nil, e
}
