package predabs

import (
	"fmt"
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

func TestEliminate(t *testing.T) {
	v := func(name string) cfa.Ref { return cfa.Ref{V: &cfa.Var{Name: name, Global: true}} }
	i, n, e, p := v("i"), v("n"), v("e"), v("p")
	k := func(x int64) cfa.Expr { return cfa.Const{Val: x} }
	bin := func(op cfa.BinOp, a, b cfa.Expr) cfa.Expr { return cfa.Binary{Op: op, X: a, Y: b} }
	onlyI := func(x *cfa.Var) bool { return x == i.V }
	tests := []struct {
		name   string
		eq, in cfa.Expr
		want   []string
	}{
		{"counter meets instance", bin(cfa.Eq, i, e), bin(cfa.Lt, i, n), []string{"e >= n"}}, // e < n, canonically its negation
		{"through a pointer offset", bin(cfa.Eq, bin(cfa.Add, p, i), bin(cfa.Add, k(4096), e)), bin(cfa.Lt, i, n),
			[]string{"e >= ((n + p) - 4096)"}},
		{"negative coefficient", bin(cfa.Eq, bin(cfa.Sub, k(0), i), e), bin(cfa.Ge, i, k(3)), []string{"e >= -2"}},
		{"bound on the other side", bin(cfa.Eq, i, e), bin(cfa.Gt, n, i), []string{"e >= n"}},
		{"no shared counter", bin(cfa.Eq, i, e), bin(cfa.Lt, n, k(3)), nil},
		{"only counters are eliminated", bin(cfa.Eq, p, e), bin(cfa.Lt, p, n), nil},
		{"not an equality", bin(cfa.Ge, i, e), bin(cfa.Lt, i, n), nil},
		{"nothing left", bin(cfa.Eq, i, k(2)), bin(cfa.Lt, i, k(3)), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range Eliminate(tt.eq, tt.in, onlyI) {
				got = append(got, r.String())
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Eliminate(%s, %s) = %v, want %v", tt.eq, tt.in, got, tt.want)
			}
		})
	}
}
