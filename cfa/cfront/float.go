package cfront

import (
	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// Floating-point values are opaque to circ. A float or double object is
// a cell like any other, whose accesses are race targets, but circ
// computes none of the values it holds: a read of one, and every
// floating-point constant, operation and conversion to an integer,
// yields any value, and a comparison of floating-point operands either
// outcome (NaN included). What a float object holds is then never
// seen. Each such site is an approximation the report lists; operands
// are still evaluated for their reads and side effects, as C evaluates
// them.
//
// Such a value is any number, but no address: a floating-point value
// could only hold one converted from an integer, and circ rejects a
// program that converts to floating point, or stores in a
// floating-point object, a value that may be an address
// (checkFloatSources). A timer computed in doubles then stays a number
// for the points-to analysis, instead of any address at all.

func isFloat(t cc.Type) bool { return t != nil && cc.IsFloatingPointType(t) }

// floatValue is a fresh temporary holding any number of type typ: what
// a floating-point operation at p yields (note says which).
func (t *tb) floatValue(typ cc.Type, note string, p cfa.Pos) cfa.Expr {
	v := t.anyOf(typ, t.b.intType(typ), note, p, true)
	if !isFloat(typ) {
		t.convertedFloat() // an integer made from floating-point values (a cast)
	}
	return v
}

// convertedFloat records the last edge, the havoc of a floating-point
// value converted to an integer (opaqueFloats).
func (t *tb) convertedFloat() {
	t.b.floatToInt = append(t.b.floatToInt, t.c.Edges[len(t.c.Edges)-1])
}

// anyOf is a fresh temporary holding any value of integer type it (typ
// its C type, or nil): a _Bool's is 0 or 1, a type circ does not read
// as an integer has no bounds. numbers: the value is no address
// (cfa.Edge.Numbers).
func (t *tb) anyOf(typ cc.Type, it cfa.IntType, note string, p cfa.Pos, numbers bool) cfa.Expr {
	v := t.temp(typ)
	lo, hi := intRange(it)
	if it.Bits == 1 {
		lo, hi = num(0), num(1)
	}
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Numbers: numbers, Note: note})
	return ref(v)
}

// floatToInt is the value of a floating-point value converted to
// integer type to: any number, unless the program's floating-point
// values may hold an address's bits (opaqueFloats).
func (t *tb) floatToInt(to cfa.IntType, p cfa.Pos) cfa.Expr {
	v := t.anyOf(nil, to, "conversion of a floating-point value: circ does not compute it", p, true)
	t.convertedFloat()
	return v
}

// opaqueFloats makes the conversions of floating-point values to
// integers (floatToInt, and the bytes of a union's floating-point
// member read through another) any value, addresses included, where a
// floating-point variable may get a value from outside the program (an
// undefined function's result, or what it writes): like such an
// integer, it may hold an address's bits. It runs when lowering ends,
// before the unions' writes are added (clobber reads floatsOpaque).
func (b *builder) opaqueFloats() {
	b.floatSet = map[*cfa.Var]bool{}
	for _, v := range b.floatVars {
		b.floatSet[v] = true
	}
	for _, c := range b.prog.Templates {
		for _, e := range c.Edges {
			b.floatsOpaque = b.floatsOpaque || e.Kind == cfa.Havoc && e.Approx && !e.Numbers && b.floatSet[e.LHS]
		}
	}
	if b.floatsOpaque {
		for _, e := range b.floatToInt {
			opaqueConversion(e)
		}
	}
}

// opaqueConversion makes e, the havoc of a floating-point value's
// conversion, any value (cfa.Edge.Numbers).
func opaqueConversion(e *cfa.Edge) { e.Numbers, e.Approx = false, true }

// toFloat lowers o, an operand converted to floating point (or one
// already floating), for its reads, and records an integer's or
// pointer's value as one that enters floating point
// (checkFloatSources).
func (t *tb) toFloat(o cc.ExpressionNode, p cfa.Pos) {
	v := t.discardRead(o, p)
	if v != nil && !isFloat(o.Type()) {
		t.b.floatSources = append(t.b.floatSources, floatSource{v, p, nodeText(o)})
	}
}

// initValue lowers x, the initializer of cell v of type typ in an
// initializer list, to the value v gets. A floating-point cell holds
// what no read sees; an integer's value entering it is recorded, as
// toFloat does.
func (t *tb) initValue(x cc.ExpressionNode, v *cfa.Var, typ cc.Type) cfa.Expr {
	if isFloat(typ) {
		t.toFloat(x, t.b.pos(x))
		return num(0)
	}
	return t.fit(x, v, t.intExpr(x), x.Type())
}

// floatSource is a value a program converts to floating point, at pos.
type floatSource struct {
	e    cfa.Expr
	pos  cfa.Pos
	text string // the C operand
}

// checkFloatSources rejects a program that may convert an address to
// floating point, or store one in a floating-point object: circ takes
// every floating-point value for a number (floatValue), which would
// lose it. A value enters a floating-point object by an assignment (C
// converts it there); a copy from another floating-point object is
// checked where that one got it, and a havoc (bytes a library wrote,
// an indeterminate value) converts nothing.
func (b *builder) checkFloatSources(r *pointsto.Result) {
	mayAddress := func(x cfa.Expr) bool {
		vals := r.Eval(x)
		return vals.Top || len(vals.Addrs) > 0 || len(vals.Past) > 0
	}
	for _, s := range b.floatSources {
		if mayAddress(s.e) {
			b.failAt(s.pos, "unsupported: conversion to floating point of %s, which may be an address", s.text)
		}
	}
	float := map[*cfa.Var]bool{}
	for _, v := range b.floatVars {
		float[v] = true
	}
	for _, c := range b.prog.Templates {
		for _, e := range c.Edges {
			if e.Kind != cfa.Assign || !float[e.LHS] {
				continue
			}
			if x, ok := e.RHS.(cfa.Ref); ok && float[x.V] {
				continue
			}
			if mayAddress(e.RHS) {
				b.failAt(e.Pos, "unsupported: floating-point object %s may be given an address", e.LHS.SourceName())
			}
		}
	}
}

// floatOp lowers n, a floating-point operation on operands: they are
// evaluated, and the result is any value of n's type.
func (t *tb) floatOp(n cc.ExpressionNode, operands []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	for _, o := range operands {
		t.toFloat(o, p)
	}
	if !want {
		return nil
	}
	switch n.(type) {
	case *cc.RelationalExpression, *cc.EqualityExpression:
		return t.anyOf(n.Type(), cfa.IntType{Bits: 1}, "comparison of floating-point values: circ does not compute it", p, true)
	}
	return t.floatValue(n.Type(), "floating-point value: circ does not compute it", p)
}

// floatOperands returns the operands of n when n is an arithmetic,
// comparison or conversion on floating-point values, which floatOp
// lowers; ok is false for any other node (reads, assignments, calls
// and control flow keep their own lowering: only their values are
// opaque).
func floatOperands(n cc.ExpressionNode) (ops []cc.ExpressionNode, ok bool) {
	float := isFloat(n.Type())
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return nil, x.Case == cc.PrimaryExpressionFloat
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus:
			return []cc.ExpressionNode{x.CastExpression}, float
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && !isVoid(x.Type()) && (float || isFloat(x.CastExpression.Type())) {
			return []cc.ExpressionNode{x.CastExpression}, true
		}
	case *cc.MultiplicativeExpression:
		return []cc.ExpressionNode{x.MultiplicativeExpression, x.CastExpression}, float
	case *cc.AdditiveExpression:
		return []cc.ExpressionNode{x.AdditiveExpression, x.MultiplicativeExpression}, float
	case *cc.RelationalExpression:
		return []cc.ExpressionNode{x.RelationalExpression, x.ShiftExpression}, isFloat(x.RelationalExpression.Type()) || isFloat(x.ShiftExpression.Type())
	case *cc.EqualityExpression:
		return []cc.ExpressionNode{x.EqualityExpression, x.RelationalExpression}, isFloat(x.EqualityExpression.Type()) || isFloat(x.RelationalExpression.Type())
	}
	return nil, false
}

// isFloatRead reports whether n reads a floating-point object.
func isFloatRead(n cc.ExpressionNode) bool {
	if !isFloat(n.Type()) {
		return false
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return x.Case == cc.PrimaryExpressionIdent
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionIndex || x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref
	}
	return false
}

// floatRead lowers n, a read of a floating-point object: the read is an
// access like any other, and the value any.
func (t *tb) floatRead(n cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	var v cfa.Expr
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		v = t.primary(x, true)
	default:
		v = t.rvalue(x, true)
	}
	t.keepRead(v, n.Type(), p)
	if !want {
		return nil
	}
	return t.floatValue(n.Type(), "floating-point value: circ does not compute it", p)
}

// floatUpdate lowers ++, -- (rhs nil) and compound assignments (rhs the
// right operand) where either side is floating: the object at lhs is
// read, then written with any value of its type, which is the
// expression's value.
func (t *tb) floatUpdate(lhs, rhs cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if rhs != nil {
		t.toFloat(rhs, p)
	}
	lv := t.lvalue(lhs)
	val := t.floatValue(lhs.Type(), "floating-point value: circ does not compute it", p)
	return t.update(lv, want, func(v *cfa.Var) cfa.Expr {
		t.keepRead(ref(v), lhs.Type(), p)
		if !isFloat(lhs.Type()) {
			t.b.floatSources = append(t.b.floatSources, floatSource{ref(v), p, nodeText(lhs)})
		}
		return t.store(v, val, true, p)
	})
}
