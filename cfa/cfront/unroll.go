package cfront

// Counting loops over arrays of thread handles and per-thread slots,
//
//	for (i = 0; i < N; i++) pthread_create(&t[i], 0, worker, &slot[i]);
//	for (i = 0; i < N; i++) pthread_join(t[i], 0);
//
// are unrolled with i a constant in each copy of the body, so that every
// handle, slot and thread creation is its own object and site: the
// engines then tell the threads apart and see that all of them are
// joined. The unrolled code runs exactly the iterations the loop runs;
// only loops whose bounds are constants and whose body never writes i
// qualify. A bound may also be a local that always holds its constant
// initializer (int n = 4; ... i < n - 1), and the step any positive
// constant (i += 2).

import (
	"math"

	"modernc.org/cc/v4"
)

// maxUnroll bounds the iterations of a loop circ unrolls.
const maxUnroll = 16

// countingLoop recognizes `for (i = a; i < b; i++) body` (also `<=`,
// `!=`, `++i`, `i += 1`, or a declaration of i) with constant a and b,
// i a plain local of integer type that the body never writes and
// whose address is never taken, and a body that uses i as an array
// index or in a thread creation or join. It returns i, a and the
// number of iterations.
func (t *tb) countingLoop(s *cc.IterationStatement) (d *cc.Declarator, from, n, stride int64, ok bool) {
	var init cc.ExpressionNode
	cond, step := s.ExpressionList2, s.ExpressionList3
	switch s.Case {
	case cc.IterationStatementFor:
		a, isAssign := strip(s.ExpressionList).(*cc.AssignmentExpression)
		if !isAssign || a.Case != cc.AssignmentExpressionAssign {
			return nil, 0, 0, 0, false
		}
		d, init = identOf(a.UnaryExpression), a.AssignmentExpression
	case cc.IterationStatementForDecl:
		l := s.Declaration.InitDeclaratorList
		if l == nil || l.InitDeclaratorList != nil || l.InitDeclarator.Initializer == nil {
			return nil, 0, 0, 0, false
		}
		d = l.InitDeclarator.Declarator
		init = l.InitDeclarator.Initializer.AssignmentExpression
		cond, step = s.ExpressionList, s.ExpressionList2
	default:
		return nil, 0, 0, 0, false
	}
	if d == nil || init == nil || cond == nil || step == nil || !isInt(d.Type()) || !cc.IsSignedInteger(d.Type()) || !signedOperands(cond) ||
		t.b.isFileScope(d) || d.IsStatic() || d.IsExtern() || d.IsThreadLocal() || t.b.inMemory(d) {
		return nil, 0, 0, 0, false
	}
	from, ok = t.loopBound(init)
	if !ok {
		return nil, 0, 0, 0, false
	}
	stride, ok = increment(step, d)
	if !ok {
		return nil, 0, 0, 0, false
	}
	var to int64
	switch c := strip(cond).(type) {
	case *cc.RelationalExpression:
		bound, known := t.loopBound(c.ShiftExpression)
		if !known || identOf(c.RelationalExpression) != d {
			return nil, 0, 0, 0, false
		}
		switch c.Case {
		case cc.RelationalExpressionLt:
			to = bound
		case cc.RelationalExpressionLeq:
			if bound == math.MaxInt64 {
				return nil, 0, 0, 0, false
			}
			to = bound + 1
		default:
			return nil, 0, 0, 0, false
		}
	case *cc.EqualityExpression:
		bound, known := t.loopBound(c.RelationalExpression)
		if c.Case != cc.EqualityExpressionNeq || !known || identOf(c.EqualityExpression) != d || bound < from || (bound-from)%stride != 0 {
			return nil, 0, 0, 0, false // i != bound: it must land on it
		}
		to = bound
	default:
		return nil, 0, 0, 0, false
	}
	if to < from {
		to = from
	}
	// to >= from: the difference overflows only past maxUnroll.
	if uint64(to)-uint64(from) > maxUnroll*uint64(stride) {
		return nil, 0, 0, 0, false
	}
	n = (to - from + stride - 1) / stride
	// The range of i's type must hold every value i takes.
	if it := t.b.intType(d.Type()); !it.Fits(from) || !it.Fits(from+n*stride) {
		return nil, 0, 0, 0, false
	}
	if writes(s.Statement, d, true) {
		return nil, 0, 0, 0, false
	}
	if uses, summary := usesAsIndexOrThread(s.Statement, d, t.summarizes); !uses || summary {
		return nil, 0, 0, 0, false
	}
	return d, from, n, stride, true
}

// signedOperands reports whether comparison cond compares signed
// values: circ's integers are mathematical, so an unsigned comparison
// (after C's conversions) is left to the loop's own lowering.
func signedOperands(cond cc.ExpressionNode) bool {
	var x, y cc.ExpressionNode
	switch c := strip(cond).(type) {
	case *cc.RelationalExpression:
		x, y = c.RelationalExpression, c.ShiftExpression
	case *cc.EqualityExpression:
		x, y = c.EqualityExpression, c.RelationalExpression
	default:
		return false
	}
	return cc.IsSignedInteger(x.Type()) && cc.IsSignedInteger(y.Type())
}

// identOf is the declarator n names, if n is a plain identifier.
func identOf(n cc.ExpressionNode) *cc.Declarator {
	if pe, ok := strip(n).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		d, _ := pe.ResolvedTo().(*cc.Declarator)
		return d
	}
	return nil
}

// increment is k where step is i += k for a constant k > 0 (i++ and
// ++i are k = 1).
func increment(step cc.ExpressionNode, d *cc.Declarator) (int64, bool) {
	switch x := strip(step).(type) {
	case *cc.PostfixExpression:
		return 1, x.Case == cc.PostfixExpressionInc && identOf(x.PostfixExpression) == d
	case *cc.UnaryExpression:
		return 1, x.Case == cc.UnaryExpressionInc && identOf(x.UnaryExpression) == d
	case *cc.AssignmentExpression:
		k, ok := intValue(x.AssignmentExpression.Value())
		return k, x.Case == cc.AssignmentExpressionAdd && ok && k > 0 && k <= maxUnroll && identOf(x.UnaryExpression) == d
	}
	return 0, false
}

// loopBound is the value of n where it is a constant: a constant
// expression, a local that always holds its constant initializer
// (constantLocal), or a sum or difference of those.
func (t *tb) loopBound(n cc.ExpressionNode) (int64, bool) {
	if v, ok := intValue(n.Value()); ok {
		return v, true
	}
	switch x := strip(n).(type) {
	case *cc.PrimaryExpression:
		return t.constantLocal(identOf(x))
	case *cc.AdditiveExpression:
		a, aok := t.loopBound(x.AdditiveExpression)
		b, bok := t.loopBound(x.MultiplicativeExpression)
		const limit = 1 << 31 // far from overflow, and from a type's range
		if !aok || !bok || a < -limit || a > limit || b < -limit || b > limit || !cc.IsSignedInteger(x.Type()) {
			return 0, false
		}
		if x.Case == cc.AdditiveExpressionSub {
			b = -b
		}
		if v := a + b; t.b.intType(x.Type()).Fits(v) {
			return v, true
		}
	}
	return 0, false
}

// constantLocal is the value of local d of the function being lowered
// where d always holds its constant initializer: an integer local not in
// memory, not volatile or static, that nothing assigns, increments or
// takes the address of, and whose declaration every use follows (the
// function has no goto label, and the declaration is in no switch body,
// whose case labels could skip it).
func (t *tb) constantLocal(d *cc.Declarator) (int64, bool) {
	if d == nil || t.fr == nil || t.fr.fd == nil || d.IsParam() || d.IsStatic() || d.IsExtern() || d.IsThreadLocal() ||
		t.b.isFileScope(d) || !isInt(d.Type()) || d.IsVolatile() || d.Type().Attributes().IsVolatile() || t.b.inMemory(d) {
		return 0, false
	}
	body := t.fr.fd.CompoundStatement
	var init cc.ExpressionNode
	skippable := false
	Walk(body, func(n any, stack []any) bool {
		switch x := n.(type) {
		case *cc.LabeledStatement:
			skippable = skippable || x.Case == cc.LabeledStatementLabel
		case *cc.InitDeclarator:
			if x.Declarator != d || x.Initializer == nil || x.Initializer.Case != cc.InitializerExpr {
				break
			}
			init = x.Initializer.AssignmentExpression
			for _, a := range stack {
				if sel, ok := a.(*cc.SelectionStatement); ok && sel.Case == cc.SelectionStatementSwitch {
					skippable = true
				}
			}
		}
		return true
	})
	if init == nil || skippable || writes(body, d, false) {
		return 0, false
	}
	v, ok := intValue(init.Value())
	if !ok || !t.b.intType(d.Type()).Fits(v) {
		return 0, false
	}
	return v, true
}

// writes reports whether s may write d: an assignment to it, an
// increment or decrement, or its address taken. With labels, a label in
// s counts too, for a goto into one copy of an unrolled body would skip
// the others.
func writes(s cc.Node, d *cc.Declarator, labels bool) bool {
	found := false
	Walk(s, func(n any, _ []any) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			found = found || (x.Case != cc.AssignmentExpressionCond && identOf(x.UnaryExpression) == d)
		case *cc.PostfixExpression:
			found = found || ((x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec) && identOf(x.PostfixExpression) == d)
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				found = found || identOf(x.UnaryExpression) == d
			case cc.UnaryExpressionAddrof:
				found = found || identOf(x.CastExpression) == d
			}
		case *cc.LabeledStatement:
			found = found || labels
		}
		return !found
	})
	return found
}

// usesAsIndexOrThread reports whether s indexes an array with d or
// passes d to a thread creation or join, and whether it indexes an
// array that is an element summary (summarizes) with d: unrolling the
// loop then only copies the creations and joins through the summary,
// any of which may be the one through its tracked element.
func usesAsIndexOrThread(s *cc.Statement, d *cc.Declarator, summarizes func(*cc.Declarator) bool) (uses, summary bool) {
	names := func(n cc.ExpressionNode, is func(*cc.Declarator) bool) bool {
		m := false
		Walk(n, func(x any, _ []any) bool {
			if pe, ok := x.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
				if a, ok := pe.ResolvedTo().(*cc.Declarator); ok && is(a) {
					m = true
				}
			}
			return !m
		})
		return m
	}
	mentions := func(n cc.ExpressionNode) bool {
		return names(n, func(a *cc.Declarator) bool { return a == d })
	}
	Walk(s, func(n any, _ []any) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok {
			return !summary
		}
		switch x.Case {
		case cc.PostfixExpressionIndex:
			if mentions(x.ExpressionList) {
				uses = true
				if a := identOf(x.PostfixExpression); a != nil && summarizes(a) {
					summary = true
				}
			}
		case cc.PostfixExpressionCall:
			switch identName(x.PostfixExpression) {
			case "pthread_create", "pthread_join", "thrd_create", "thrd_join":
				for _, a := range args(x.ArgumentExpressionList) {
					if mentions(a) {
						uses = true
						summary = summary || names(a, summarizes) // pthread_create(t + i, ...)
					}
				}
			}
		}
		return !summary
	})
	return uses, summary
}

// identName is the identifier n is, or "".
func identName(n cc.ExpressionNode) string {
	if pe, ok := strip(n).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		return pe.Token.SrcStr()
	}
	return ""
}

// unroll lowers the n iterations of counting loop s over i from from on,
// by stride: each copy of the body reads i as its constant, and i is
// assigned as the loop would.
func (t *tb) unroll(s *cc.IterationStatement, d *cc.Declarator, from, n, stride int64) {
	p := t.b.pos(s)
	if s.Case == cc.IterationStatementForDecl {
		t.decl(s.Declaration)
	} else {
		t.expr(s.ExpressionList, false)
	}
	i := t.lookup(d, s.Statement)
	exit := t.newLoc(p)
	for k := int64(0); k < n; k++ {
		step := t.newLoc(p)
		t.known[i.v] = from + k*stride
		t.loopBody(s.Statement, exit, step)
		delete(t.known, i.v)
		t.place(step, p)
		t.set(i.v, num(from+(k+1)*stride), p)
	}
	t.jump(exit, p)
	t.place(exit, p)
}
