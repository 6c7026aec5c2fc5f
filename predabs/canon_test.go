package predabs

import (
	"testing"

	"circ/cfa"
)

func TestCanonical(t *testing.T) {
	x := cfa.Ref{V: &cfa.Var{Name: "x", Global: true}}
	y := cfa.Ref{V: &cfa.Var{Name: "y", Global: true}}
	n := func(v int64) cfa.Expr { return cfa.Const{Val: v} }
	bin := func(op cfa.BinOp, a, b cfa.Expr) cfa.Expr { return cfa.Binary{Op: op, X: a, Y: b} }
	tests := []struct {
		name string
		in   cfa.Expr
		want string
	}{
		{"equality stays", bin(cfa.Eq, x, n(0)), "x == 0"},
		{"disequality is the same predicate", bin(cfa.Ne, x, n(0)), "x == 0"},
		{"greater than becomes at least", bin(cfa.Gt, x, n(0)), "x >= 1"},
		{"redundant arithmetic folds", bin(cfa.Gt, bin(cfa.Sub, bin(cfa.Add, x, n(1)), n(1)), n(0)), "x >= 1"},
		{"at most is the negation of at least", bin(cfa.Le, x, n(0)), "x >= 1"},
		{"less than", bin(cfa.Lt, x, n(2)), "x >= 2"},
		{"constant on the left", bin(cfa.Eq, n(3), x), "x == 3"},
		{"two variables", bin(cfa.Eq, y, x), "x == y"},
		{"two variables with offset", bin(cfa.Gt, x, bin(cfa.Add, y, n(1))), "x >= (y + 2)"},
		{"negative first coefficient flips", bin(cfa.Ge, bin(cfa.Sub, n(0), x), n(-3)), "x >= 4"},
		{"scaled term", bin(cfa.Eq, bin(cfa.Mul, n(2), x), y), "(2 * x) == y"},
		{"nonlinear keeps its form", bin(cfa.Ne, bin(cfa.BitAnd, x, n(4)), n(0)), "(x & 4) == 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Canonical(tt.in).String(); got != tt.want {
				t.Errorf("Canonical(%s) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}
