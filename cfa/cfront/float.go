package cfront

import (
	"circ/cfa"

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

func isFloat(t cc.Type) bool { return t != nil && cc.IsFloatingPointType(t) }

// anyValue is a fresh temporary holding any value of type typ: what a
// floating-point operation at p yields (note says which).
func (t *tb) anyValue(typ cc.Type, note string, p cfa.Pos) cfa.Expr {
	return t.anyOf(typ, t.b.intType(typ), note, p)
}

// anyOf is anyValue for a value of integer type it (typ its C type, or
// nil): a _Bool's is 0 or 1, a type circ does not read as an integer
// has no bounds.
func (t *tb) anyOf(typ cc.Type, it cfa.IntType, note string, p cfa.Pos) cfa.Expr {
	v := t.temp(typ)
	lo, hi := intRange(it)
	if it.Bits == 1 {
		lo, hi = num(0), num(1)
	}
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
	return ref(v)
}

// floatOp lowers n, a floating-point operation on operands: they are
// evaluated, and the result is any value of n's type.
func (t *tb) floatOp(n cc.ExpressionNode, operands []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	for _, o := range operands {
		t.discardRead(o, p)
	}
	if !want {
		return nil
	}
	switch n.(type) {
	case *cc.RelationalExpression, *cc.EqualityExpression:
		return t.anyOf(n.Type(), cfa.IntType{Bits: 1}, "comparison of floating-point values: circ does not compute it", p)
	}
	return t.anyValue(n.Type(), "floating-point value: circ does not compute it", p)
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
	return t.anyValue(n.Type(), "floating-point value: circ does not compute it", p)
}

// floatUpdate lowers ++, -- (rhs nil) and compound assignments (rhs the
// right operand) where either side is floating: the object at lhs is
// read, then written with any value of its type, which is the
// expression's value.
func (t *tb) floatUpdate(lhs, rhs cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if rhs != nil {
		t.discardRead(rhs, p)
	}
	lv := t.lvalue(lhs)
	val := t.anyValue(lhs.Type(), "floating-point value: circ does not compute it", p)
	return t.update(lv, want, func(v *cfa.Var) cfa.Expr {
		t.keepRead(ref(v), lhs.Type(), p)
		return t.store(v, val, true, p)
	})
}
