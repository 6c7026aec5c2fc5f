package cfront

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers the operators whose operands C evaluates only on one
// side of a condition: &&, || and ?:. An operand that C may leave
// unevaluated is lowered inside the branch that evaluates it unless it
// is quiet (see quiet): its edges (a load's choice among the cells an
// index may designate, a bounds check, a call) and its reads of shared
// memory belong to that branch only. Lowering it before the branch
// would make the other branch pay for them: a bounds error there ends a
// path C never cuts, and a read there races where C reads nothing.

// logical lowers && and ||.
func (t *tb) logical(n cc.ExpressionNode, op cfa.BinOp, xn, yn cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if t.quiet(yn) {
		x := t.operand(xn, true)
		y := t.operand(yn, true)
		if !want {
			return nil
		}
		return mkBin(op, x, y)
	}
	join := t.newLoc(p)
	if !want {
		t.branch(n, join, join)
		t.cur = -1
		t.place(join, p)
		return nil
	}
	tmp := t.temp(n.Type())
	lt, lf := t.newLoc(p), t.newLoc(p)
	d0 := t.d
	t.branch(n, lt, lf)
	t.cur, t.d = -1, d0
	t.place(lt, p)
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: cfa.Const{Val: 1}, Pos: p})
	t.jump(join, p)
	t.d = d0
	t.place(lf, p)
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: cfa.Const{Val: 0}, Pos: p})
	t.jump(join, p)
	t.place(join, p)
	return cfa.Ref{V: tmp}
}

// conditional lowers c ? a : b (and GNU c ?: b).
func (t *tb) conditional(x *cc.ConditionalExpression, want bool, p cfa.Pos) cfa.Expr {
	cn, an, bn := x.LogicalOrExpression, x.ExpressionList, x.ConditionalExpression
	if want && !isInt(x.Type()) && !isPtr(x.Type()) && !isFloat(x.Type()) {
		t.b.fail(x, "unsupported: %s value of conditional expression", describe(x.Type()))
	}
	// Both arms convert to the expression's type.
	to := t.b.intType(x.Type())
	arm := func(n cc.ExpressionNode, v cfa.Expr) cfa.Expr { return t.convert(n, v, n.Type(), to) }
	if !hasSE(cn) && t.quiet(an) && t.quiet(bn) {
		c := t.operand(cn, true)
		var a cfa.Expr
		if an == nil {
			a = arm(cn, c)
		} else {
			a = arm(an, t.intExpr(an))
		}
		b := arm(bn, t.intExpr(bn))
		if !want {
			return nil
		}
		if k, ok := c.(cfa.Const); ok {
			if k.Val != 0 {
				return a
			}
			return b
		}
		return cfa.Cond{C: c, T: a, F: b}
	}
	var tmp *cfa.Var
	if want {
		tmp = t.temp(x.Type())
	}
	lt, lf, join := t.newLoc(p), t.newLoc(p), t.newLoc(p)
	d0 := t.d
	var cval cfa.Expr
	if an == nil {
		cval = t.snapshot(t.operand(cn, true), cn.Type(), p)
		t.assume(cval, lt, p)
		t.assume(mkUn(cfa.Not, cval), lf, p)
	} else {
		t.branch(cn, lt, lf)
	}
	t.cur, t.d = -1, d0
	t.place(lt, p)
	if an == nil {
		if want {
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: arm(cn, cval), Pos: p})
		}
	} else if want {
		v := arm(an, t.intExpr(an))
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: v, Pos: p})
	} else {
		t.expr(an, false)
	}
	t.jump(join, p)
	t.d = d0
	t.place(lf, p)
	if want {
		v := arm(bn, t.intExpr(bn))
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: v, Pos: p})
	} else {
		t.expr(bn, false)
	}
	t.jump(join, p)
	t.place(join, p)
	if want {
		return cfa.Ref{V: tmp}
	}
	return nil
}

// branch lowers the condition n with short-circuit control flow: it ends
// the current path with edges to tl if n holds and fl if not.
func (t *tb) branch(n cc.ExpressionNode, tl, fl int) {
	p := t.b.pos(n)
	s := strip(n)
	if hasSE(s) || !t.quiet(s) {
		switch x := s.(type) {
		case *cc.LogicalAndExpression:
			mid := t.newLoc(p)
			d0 := t.d
			t.branch(x.LogicalAndExpression, mid, fl)
			t.cur, t.d = -1, d0
			t.place(mid, p)
			t.branch(x.InclusiveOrExpression, tl, fl)
			return
		case *cc.LogicalOrExpression:
			mid := t.newLoc(p)
			d0 := t.d
			t.branch(x.LogicalOrExpression, tl, mid)
			t.cur, t.d = -1, d0
			t.place(mid, p)
			t.branch(x.LogicalAndExpression, tl, fl)
			return
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionNot {
				t.branch(x.CastExpression, fl, tl)
				return
			}
		}
	}
	c := t.intExpr(n)
	from := t.at(p)
	t.assume(c, tl, p)
	t.cur = from
	t.assume(mkUn(cfa.Not, c), fl, p)
	t.cur = -1
}

// quiet reports whether lowering n emits no edge and yields a value
// that reads no global: n combines constants and the thread's own
// scalar locals with arithmetic, comparison and logical operators. Only
// a quiet operand that C may leave unevaluated is lowered into the
// enclosing expression (a cfa.Cond or a boolean cfa.Binary).
func (t *tb) quiet(n cc.ExpressionNode) bool {
	switch x := n.(type) {
	case nil:
		return true
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar:
			return true
		case cc.PrimaryExpressionExpr:
			return t.quiet(x.ExpressionList)
		case cc.PrimaryExpressionIdent:
			switch r := x.ResolvedTo().(type) {
			case *cc.Enumerator:
				return true
			case *cc.Declarator:
				return t.quietLocal(t.fr.vars[r])
			}
		}
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionPrimary && t.quiet(x.PrimaryExpression)
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return t.quiet(x.PostfixExpression)
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
			return t.quiet(x.CastExpression)
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			_, ok := intValue(x.Value())
			return ok
		}
	case *cc.CastExpression:
		if x.Case != cc.CastExpressionCast {
			return t.quiet(x.UnaryExpression)
		}
		return isInt(x.Type()) && isInt(x.CastExpression.Type()) && t.quiet(x.CastExpression)
	case *cc.MultiplicativeExpression:
		return t.quietInts(x.MultiplicativeExpression, x.CastExpression)
	case *cc.AdditiveExpression:
		return t.quietInts(x.AdditiveExpression, x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		return t.quietInts(x.ShiftExpression, x.AdditiveExpression)
	case *cc.RelationalExpression:
		return t.quietInts(x.RelationalExpression, x.ShiftExpression)
	case *cc.EqualityExpression:
		return t.quietInts(x.EqualityExpression, x.RelationalExpression)
	case *cc.AndExpression:
		return t.quietInts(x.AndExpression, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		return t.quietInts(x.ExclusiveOrExpression, x.AndExpression)
	case *cc.InclusiveOrExpression:
		return t.quietInts(x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		return t.quiet(x.LogicalAndExpression) && t.quiet(x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		return t.quiet(x.LogicalOrExpression) && t.quiet(x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		return t.quiet(x.LogicalOrExpression) && t.quiet(x.ExpressionList) && t.quiet(x.ConditionalExpression)
	case *cc.AssignmentExpression:
		return x.Case == cc.AssignmentExpressionCond && t.quiet(x.ConditionalExpression)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if !t.quiet(l.AssignmentExpression) {
				return false
			}
		}
		return true
	}
	return false
}

// quietInts is quiet for the integer operands of a binary operator
// (pointer arithmetic may check bounds).
func (t *tb) quietInts(x, y cc.ExpressionNode) bool {
	return isInt(x.Type()) && isInt(y.Type()) && t.quiet(x) && t.quiet(y)
}

// quietLocal reports whether reading l is a read of a thread-local
// scalar variable with no edge of its own.
func (t *tb) quietLocal(l *local) bool {
	return l != nil && l.v != nil && !l.v.Global && l.bad == "" && l.members == nil && l.obj == nil &&
		l.v.Kind == cfa.Data && !t.b.atomic[l.v]
}
