package ranges

import (
	"math"

	"circ/cfa"
	"circ/interp"
)

// maxCombos bounds the assignments of listed values an expression is
// evaluated on, one by one, exactly as the interpreter does.
const maxCombos = 1024

// env gives the value of each variable at a location.
type env func(*cfa.Var) val

// vars lists the variables e reads, in a fixed order.
func vars(e cfa.Expr) []*cfa.Var {
	var out []*cfa.Var
	seen := map[*cfa.Var]bool{}
	var walk func(cfa.Expr)
	walk = func(e cfa.Expr) {
		switch e := e.(type) {
		case cfa.Ref:
			if !seen[e.V] {
				seen[e.V] = true
				out = append(out, e.V)
			}
		case cfa.Unary:
			walk(e.X)
		case cfa.Binary:
			walk(e.X)
			walk(e.Y)
		case cfa.Cond:
			walk(e.C)
			walk(e.T)
			walk(e.F)
		}
	}
	walk(e)
	return out
}

// enumerate calls f with each assignment of their listed values to vs,
// with the assignment as a lookup; ok is false when some variable's
// value is an interval or there are more than maxCombos assignments.
func enumerate(vs []*cfa.Var, at env, f func(value func(*cfa.Var) int64, pick []int64)) bool {
	vals := make([]val, len(vs))
	n := 1
	for i, v := range vs {
		vals[i] = at(v)
		if !vals[i].finite() {
			return false
		}
		if n *= len(vals[i].set); n > maxCombos {
			return false
		}
	}
	idx := map[*cfa.Var]int{}
	for i, v := range vs {
		idx[v] = i
	}
	pick := make([]int64, len(vs))
	value := func(v *cfa.Var) int64 { return pick[idx[v]] }
	var rec func(i int)
	rec = func(i int) {
		if i == len(vs) {
			f(value, pick)
			return
		}
		for _, x := range vals[i].set {
			pick[i] = x
			rec(i + 1)
		}
	}
	rec(0)
	return true
}

// eval is every value e may take where the variables have the values
// at gives.
func eval(e cfa.Expr, at env) val {
	var xs []int64
	failed := false
	if enumerate(vars(e), at, func(value func(*cfa.Var) int64, _ []int64) {
		x, err := interp.EvalWith(e, value)
		if err != nil {
			failed = true
			return
		}
		xs = append(xs, x)
	}) && !failed {
		return fromSet(xs)
	}
	return evalInterval(e, at)
}

// evalInterval bounds e by interval arithmetic, where it is simple.
func evalInterval(e cfa.Expr, at env) val {
	switch e := e.(type) {
	case cfa.Const:
		return single(e.Val)
	case cfa.Ref:
		return at(e.V)
	case cfa.Unary:
		x := evalInterval(e.X, at)
		if to, ok := e.Op.IntType(); ok {
			lo, hi, hasMax := to.Bounds()
			if hasMax && lo <= x.lo && x.hi <= hi {
				return x
			}
			if !hasMax {
				hi = math.MaxInt64
			}
			return interval(lo, hi)
		}
		switch e.Op {
		case cfa.Not:
			return interval(0, 1)
		case cfa.Neg:
			if x.lo > math.MinInt64 {
				return interval(-x.hi, -x.lo)
			}
		}
		return top
	case cfa.Binary:
		switch e.Op {
		case cfa.Eq, cfa.Ne, cfa.Lt, cfa.Le, cfa.Gt, cfa.Ge, cfa.And, cfa.Or:
			return interval(0, 1)
		}
		x, y := evalInterval(e.X, at), evalInterval(e.Y, at)
		switch e.Op {
		case cfa.Add:
			if lo, ok1 := add(x.lo, y.lo); ok1 {
				if hi, ok2 := add(x.hi, y.hi); ok2 {
					return interval(lo, hi)
				}
			}
		case cfa.Sub:
			if lo, ok1 := add(x.lo, negate(y.hi)); ok1 && y.hi > math.MinInt64 {
				if hi, ok2 := add(x.hi, negate(y.lo)); ok2 && y.lo > math.MinInt64 {
					return interval(lo, hi)
				}
			}
		case cfa.Mul:
			if c, ok := constant(y); ok && c >= 0 && c < 1<<20 && x.lo > math.MinInt64/(1<<20) && x.hi < math.MaxInt64/(1<<20) {
				return interval(x.lo*c, x.hi*c)
			}
			if c, ok := constant(x); ok && c >= 0 && c < 1<<20 && y.lo > math.MinInt64/(1<<20) && y.hi < math.MaxInt64/(1<<20) {
				return interval(y.lo*c, y.hi*c)
			}
		case cfa.Mod:
			// C's remainder is smaller than the divisor in magnitude
			// and has the dividend's sign.
			if y.lo > 0 || (y.hi < 0 && y.lo > math.MinInt64) {
				m := max(y.hi, -y.lo) - 1
				lo, hi := -m, m
				if x.lo >= 0 {
					lo, hi = 0, min(x.hi, m)
				} else if x.hi <= 0 {
					lo, hi = max(x.lo, -m), 0
				}
				return interval(lo, hi)
			}
		case cfa.BitAnd:
			// Masking with a non-negative value keeps at most its bits.
			if y.lo >= 0 {
				return interval(0, y.hi)
			}
			if x.lo >= 0 {
				return interval(0, x.hi)
			}
		}
		return top
	case cfa.Cond:
		return evalInterval(e.T, at).join(evalInterval(e.F, at))
	}
	return top
}

func constant(v val) (int64, bool) { return v.lo, v.lo == v.hi }

func negate(x int64) int64 { return -x }

func add(x, y int64) (int64, bool) {
	r := x + y
	if (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0) {
		return 0, false
	}
	return r, true
}

// refine narrows the variables of cond to the values that may make it
// hold, where the variables have the values at gives: the narrowed
// values (a subset of at's), and false when cond cannot hold.
func refine(cond cfa.Expr, at env) (map[*cfa.Var]val, bool) {
	vs := vars(cond)
	kept := make([][]int64, len(vs))
	any := false
	if enumerate(vs, at, func(value func(*cfa.Var) int64, pick []int64) {
		x, err := interp.EvalWith(cond, value)
		if err == nil && x == 0 {
			return
		}
		any = true
		for i, p := range pick {
			kept[i] = append(kept[i], p)
		}
	}) {
		if !any {
			return nil, false
		}
		out := map[*cfa.Var]val{}
		for i, v := range vs {
			out[v] = fromSet(kept[i])
		}
		return out, true
	}
	out := map[*cfa.Var]val{}
	return out, refineInto(cond, at, out)
}

// refineInto narrows, into out, what a comparison of a variable with an
// expression, or a conjunction of such, says; false when it cannot
// hold.
func refineInto(cond cfa.Expr, at env, out map[*cfa.Var]val) bool {
	look := func(v *cfa.Var) val {
		if x, ok := out[v]; ok {
			return x
		}
		return at(v)
	}
	if u, ok := cond.(cfa.Unary); ok && u.Op == cfa.Not {
		// !(x >= y), how an else branch tests, is x < y.
		if b, ok := u.X.(cfa.Binary); ok {
			if op, ok := complement[b.Op]; ok {
				return refineInto(cfa.Binary{Op: op, X: b.X, Y: b.Y}, look, out)
			}
		}
		return true
	}
	b, ok := cond.(cfa.Binary)
	if !ok {
		return true
	}
	if b.Op == cfa.And {
		return refineInto(b.X, look, out) && refineInto(b.Y, look, out)
	}
	op := b.Op
	x, isRef := asRef(b.X, look)
	other := b.Y
	if !isRef {
		if y, ok := asRef(b.Y, look); ok {
			x, other, isRef = y, b.X, true
			op = map[cfa.BinOp]cfa.BinOp{cfa.Lt: cfa.Gt, cfa.Le: cfa.Ge, cfa.Gt: cfa.Lt, cfa.Ge: cfa.Le, cfa.Eq: cfa.Eq, cfa.Ne: cfa.Ne}[op]
		}
	}
	if !isRef {
		return true
	}
	cur, o := look(x.V), evalInterval(other, look)
	var bound val
	switch op {
	case cfa.Lt:
		if o.hi == math.MinInt64 {
			return false
		}
		bound = interval(math.MinInt64, o.hi-1)
	case cfa.Le:
		bound = interval(math.MinInt64, o.hi)
	case cfa.Gt:
		if o.lo == math.MaxInt64 {
			return false
		}
		bound = interval(o.lo+1, math.MaxInt64)
	case cfa.Ge:
		bound = interval(o.lo, math.MaxInt64)
	case cfa.Eq:
		bound = o
	default:
		return true
	}
	n, ok := cur.meet(bound)
	if !ok {
		return false
	}
	out[x.V] = n
	return true
}

// complement is the comparison that holds exactly where op does not.
var complement = map[cfa.BinOp]cfa.BinOp{cfa.Lt: cfa.Ge, cfa.Le: cfa.Gt, cfa.Gt: cfa.Le, cfa.Ge: cfa.Lt, cfa.Eq: cfa.Ne, cfa.Ne: cfa.Eq}

// asRef is the variable e reads when e is the variable, converted to a
// type that holds every value it may have (C's promotion of a uint8_t
// to int, say).
func asRef(e cfa.Expr, at env) (cfa.Ref, bool) {
	for {
		switch x := e.(type) {
		case cfa.Ref:
			return x, true
		case cfa.Unary:
			to, ok := x.Op.IntType()
			if !ok {
				return cfa.Ref{}, false
			}
			v := evalInterval(x.X, at)
			if !to.Fits(v.lo) || !to.Fits(v.hi) {
				return cfa.Ref{}, false
			}
			e = x.X
		default:
			return cfa.Ref{}, false
		}
	}
}
