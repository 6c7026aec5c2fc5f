package predabs

import (
	"sort"

	"circ/cfa"
)

// Canonical returns one representative of the predicate e and of its
// negation, so that refinement does not add the same predicate twice
// (spi_on != 0 next to spi_on == 0, or (n + 1) - 1 > 0 next to n > 0): the
// boolean abstraction tracks both polarities of every predicate anyway.
// Linear comparisons become sum >= c or sum == c with the first
// coefficient positive (over the integers x > c is x >= c + 1 and x <= c is
// its negation), written with the negative terms on the right. Other
// atoms keep their form; != becomes ==.
func Canonical(e cfa.Expr) cfa.Expr {
	b, ok := e.(cfa.Binary)
	if !ok || !b.Op.IsBool() || b.Op == cfa.And || b.Op == cfa.Or {
		return e
	}
	l, okX := linearOf(b.X)
	r, okY := linearOf(b.Y)
	if !okX || !okY {
		if b.Op == cfa.Ne {
			b.Op = cfa.Eq
		}
		return b
	}
	d := l.plus(r.scaled(-1)) // X - Y op 0
	c := -d.c
	d.c = 0
	op := b.Op
	switch op {
	case cfa.Ne:
		op = cfa.Eq
	case cfa.Gt: // d > c  <=>  d >= c+1
		op, c = cfa.Ge, c+1
	case cfa.Lt: // d < c  <=>  -d > -c  <=>  -d >= -c+1
		op, c, d = cfa.Ge, -c+1, d.scaled(-1)
	case cfa.Le: // d <= c  <=>  -d >= -c
		op, c, d = cfa.Ge, -c, d.scaled(-1)
	}
	vs := d.vars()
	if len(vs) == 0 {
		return e
	}
	if d.coef[vs[0]] < 0 {
		d = d.scaled(-1)
		c = -c
		if op == cfa.Ge { // -d >= -c is the negation of d >= -c+1
			c++
		}
	}
	return d.render(op, c)
}

// linear is sum coef[v]*v + c.
type linear struct {
	coef map[*cfa.Var]int64
	c    int64
}

func linearOf(e cfa.Expr) (linear, bool) {
	switch x := e.(type) {
	case cfa.Const:
		return linear{coef: map[*cfa.Var]int64{}, c: x.Val}, true
	case cfa.Ref:
		return linear{coef: map[*cfa.Var]int64{x.V: 1}}, true
	case cfa.Unary:
		if x.Op == cfa.Neg {
			l, ok := linearOf(x.X)
			return l.scaled(-1), ok
		}
	case cfa.Binary:
		l, okl := linearOf(x.X)
		r, okr := linearOf(x.Y)
		if !okl || !okr {
			return linear{}, false
		}
		switch x.Op {
		case cfa.Add:
			return l.plus(r), true
		case cfa.Sub:
			return l.plus(r.scaled(-1)), true
		case cfa.Mul:
			if len(l.coef) == 0 {
				return r.scaled(l.c), true
			}
			if len(r.coef) == 0 {
				return l.scaled(r.c), true
			}
		}
	}
	return linear{}, false
}

func (l linear) plus(o linear) linear {
	out := linear{coef: map[*cfa.Var]int64{}, c: l.c + o.c}
	for _, m := range []map[*cfa.Var]int64{l.coef, o.coef} {
		for v, k := range m {
			out.coef[v] += k
			if out.coef[v] == 0 {
				delete(out.coef, v)
			}
		}
	}
	return out
}

func (l linear) scaled(k int64) linear {
	out := linear{coef: map[*cfa.Var]int64{}, c: l.c * k}
	for v, c := range l.coef {
		if c*k != 0 {
			out.coef[v] = c * k
		}
	}
	return out
}

// vars lists the variables by name (a stable order).
func (l linear) vars() []*cfa.Var {
	vs := make([]*cfa.Var, 0, len(l.coef))
	for v := range l.coef {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

// render writes sum op c with positive terms on the left and negative
// ones, with c, on the right.
func (l linear) render(op cfa.BinOp, c int64) cfa.Expr {
	var left, right cfa.Expr
	add := func(side *cfa.Expr, t cfa.Expr) {
		if *side == nil {
			*side = t
		} else {
			*side = cfa.Binary{Op: cfa.Add, X: *side, Y: t}
		}
	}
	term := func(v *cfa.Var, k int64) cfa.Expr {
		if k == 1 {
			return cfa.Ref{V: v}
		}
		return cfa.Binary{Op: cfa.Mul, X: cfa.Const{Val: k}, Y: cfa.Ref{V: v}}
	}
	for _, v := range l.vars() {
		if k := l.coef[v]; k > 0 {
			add(&left, term(v, k))
		} else {
			add(&right, term(v, -k))
		}
	}
	switch {
	case right == nil:
		right = cfa.Const{Val: c}
	case c > 0:
		right = cfa.Binary{Op: cfa.Add, X: right, Y: cfa.Const{Val: c}}
	case c < 0:
		right = cfa.Binary{Op: cfa.Sub, X: right, Y: cfa.Const{Val: -c}}
	}
	return cfa.Binary{Op: op, X: left, Y: right}
}

// Eliminate rewrites the linear comparison a with the linear equality eq
// solved for a variable they share (one eq holds with coefficient 1 or
// -1, and that may be eliminated): from i < n and t + i == b + e it
// gives b + e - t < n. Refinement uses it where an unsatisfiability
// proof goes through a loop counter that meets a fixed value: the
// comparison of that value with the loop's bound holds for every
// iteration, where the counter's own bounds hold for one.
func Eliminate(eq, a cfa.Expr, may func(*cfa.Var) bool) []cfa.Expr {
	be, ok := eq.(cfa.Binary)
	if !ok || be.Op != cfa.Eq {
		return nil
	}
	ba, ok := a.(cfa.Binary)
	if !ok || !ba.Op.IsBool() || ba.Op == cfa.And || ba.Op == cfa.Or {
		return nil
	}
	l, ok := linearDiff(be)
	if !ok {
		return nil
	}
	r, ok := linearDiff(ba)
	if !ok {
		return nil
	}
	var out []cfa.Expr
	for _, v := range l.vars() {
		k, kr := l.coef[v], r.coef[v]
		if (k != 1 && k != -1) || kr == 0 || !may(v) {
			continue
		}
		// l == 0 gives v = -(l - k*v)/k; r - (kr/k)*l no longer has v.
		d := r.plus(l.scaled(-kr * k))
		if len(d.coef) == 0 {
			continue
		}
		c := -d.c
		d.c = 0
		op := ba.Op
		if d.coef[d.vars()[0]] < 0 {
			// render wants a positive first term: -d op c is d op' -c.
			d, c, op = d.scaled(-1), -c, mirror[op]
		}
		out = append(out, Canonical(d.render(op, c)))
	}
	return out
}

// linearDiff is X - Y of the comparison b, when both sides are linear.
func linearDiff(b cfa.Binary) (linear, bool) {
	l, okX := linearOf(b.X)
	r, okY := linearOf(b.Y)
	if !okX || !okY {
		return linear{}, false
	}
	return l.plus(r.scaled(-1)), true
}

// mirror is the comparison with its sides swapped: x op y is y mirror[op] x.
var mirror = map[cfa.BinOp]cfa.BinOp{cfa.Eq: cfa.Eq, cfa.Ne: cfa.Ne, cfa.Lt: cfa.Gt, cfa.Gt: cfa.Lt, cfa.Le: cfa.Ge, cfa.Ge: cfa.Le}
