package smt

import (
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
