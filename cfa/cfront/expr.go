package cfront

import (
	"math"
	"math/bits"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// hasSE reports whether evaluating n may have side effects (including
// calls to any function and built-in). It is conservative.
func hasSE(n cc.ExpressionNode) bool {
	switch x := n.(type) {
	case nil:
		return false
	case *cc.PrimaryExpression:
		if x == nil {
			return false
		}
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return hasSE(x.ExpressionList)
		case cc.PrimaryExpressionStmt, cc.PrimaryExpressionGeneric:
			return true
		}
		return false
	case *cc.PostfixExpression:
		if x == nil {
			return false
		}
		switch x.Case {
		case cc.PostfixExpressionIndex:
			return hasSE(x.PostfixExpression) || hasSE(x.ExpressionList)
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return hasSE(x.PostfixExpression)
		case cc.PostfixExpressionPrimary:
			return hasSE(x.PrimaryExpression)
		}
		return true
	case *cc.UnaryExpression:
		if x == nil {
			return false
		}
		switch x.Case {
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return true
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return false
		case cc.UnaryExpressionPostfix:
			return hasSE(x.PostfixExpression)
		}
		return hasSE(x.CastExpression) || hasSE(x.UnaryExpression)
	case *cc.CastExpression:
		if x == nil {
			return false
		}
		return hasSE(x.CastExpression) || hasSE(x.UnaryExpression)
	case *cc.MultiplicativeExpression:
		return x != nil && (hasSE(x.MultiplicativeExpression) || hasSE(x.CastExpression))
	case *cc.AdditiveExpression:
		return x != nil && (hasSE(x.AdditiveExpression) || hasSE(x.MultiplicativeExpression))
	case *cc.ShiftExpression:
		return x != nil && (hasSE(x.ShiftExpression) || hasSE(x.AdditiveExpression))
	case *cc.RelationalExpression:
		return x != nil && (hasSE(x.RelationalExpression) || hasSE(x.ShiftExpression))
	case *cc.EqualityExpression:
		return x != nil && (hasSE(x.EqualityExpression) || hasSE(x.RelationalExpression))
	case *cc.AndExpression:
		return x != nil && (hasSE(x.AndExpression) || hasSE(x.EqualityExpression))
	case *cc.ExclusiveOrExpression:
		return x != nil && (hasSE(x.ExclusiveOrExpression) || hasSE(x.AndExpression))
	case *cc.InclusiveOrExpression:
		return x != nil && (hasSE(x.InclusiveOrExpression) || hasSE(x.ExclusiveOrExpression))
	case *cc.LogicalAndExpression:
		return x != nil && (hasSE(x.LogicalAndExpression) || hasSE(x.InclusiveOrExpression))
	case *cc.LogicalOrExpression:
		return x != nil && (hasSE(x.LogicalOrExpression) || hasSE(x.LogicalAndExpression))
	case *cc.ConditionalExpression:
		return x != nil && (hasSE(x.LogicalOrExpression) || hasSE(x.ExpressionList) || hasSE(x.ConditionalExpression))
	case *cc.AssignmentExpression:
		if x == nil {
			return false
		}
		if x.Case == cc.AssignmentExpressionCond {
			return hasSE(x.ConditionalExpression)
		}
		return true
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if hasSE(l.AssignmentExpression) {
				return true
			}
		}
		return false
	}
	return true
}

// strip removes parentheses.
func strip(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		p, ok := n.(*cc.PrimaryExpression)
		if !ok || p == nil || p.Case != cc.PrimaryExpressionExpr || p.ExpressionList == nil {
			return n
		}
		if l, ok := p.ExpressionList.(*cc.ExpressionList); ok && l != nil && l.ExpressionList != nil {
			return n
		}
		n = p.ExpressionList
	}
}

// stableExpr reports whether e's value cannot change before it is used: a
// constant or a temporary.
func (t *tb) stableExpr(e cfa.Expr) bool {
	switch x := e.(type) {
	case cfa.Const:
		return true
	case cfa.Ref:
		return t.b.stable[x.V]
	}
	return false
}

// snapshot stores e in a temporary unless it is stable.
func (t *tb) snapshot(e cfa.Expr, typ cc.Type, p cfa.Pos) cfa.Expr {
	if e == nil || t.stableExpr(e) || !readsGlobal(e) {
		// Locals cannot change behind our back: no pointers, and
		// unsequenced modifications are undefined behavior.
		return e
	}
	tmp := t.temp(typ)
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: e, Pos: p})
	return cfa.Ref{V: tmp}
}

// readsGlobal reports whether e reads a global variable.
func readsGlobal(e cfa.Expr) bool {
	vs := map[*cfa.Var]bool{}
	cfa.Vars(e, vs)
	for v := range vs {
		if v.Global {
			return true
		}
	}
	return false
}

// assignTo emits v := rhs. When rhs is a single-use temporary whose value
// was produced by the edge just added, that edge writes v directly.
func (t *tb) assignTo(v *cfa.Var, rhs cfa.Expr, p cfa.Pos) {
	if r, ok := rhs.(cfa.Ref); ok && t.b.single[r.V] && t.cur != -1 && len(t.c.Edges) > 0 {
		last := t.c.Edges[len(t.c.Edges)-1]
		if last.To == t.cur && last.LHS == r.V && (last.Kind == cfa.Havoc || last.Kind == cfa.TryLock || last.Kind == cfa.Assign) && last.Pos.File == p.File {
			last.LHS = v
			if last.Sync != nil && last.Sync.Result == r.V {
				last.Sync.Result = v
			}
			delete(t.b.single, r.V)
			return
		}
	}
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: rhs, Pos: p})
}

// intExpr lowers n, which must have an integer type, for its value.
func (t *tb) intExpr(n cc.ExpressionNode) cfa.Expr {
	if n == nil {
		t.b.fail(n, "missing expression")
	}
	e := t.expr(n, true)
	if e == nil {
		t.b.fail(n, "unsupported: void value used")
	}
	return e
}

// expr lowers n, emitting edges for its side effects in evaluation order,
// and returns its value as a side-effect-free expression valid at the new
// current location (nil if want is false or n is void).
func (t *tb) expr(n cc.ExpressionNode, want bool) cfa.Expr {
	if n == nil {
		if want {
			t.b.fail(n, "missing expression")
		}
		return nil
	}
	p := t.b.pos(n)
	t.b.lastPos = p
	if v, ok := t.offsetof(n); ok {
		return v
	}
	// Integer constant expressions without side effects.
	if !hasSE(n) && isInt(n.Type()) && isLeafConst(n) {
		if v, ok := intValue(n.Value()); ok {
			return cfa.Const{Val: v}
		}
		if _, ok := n.Value().(cc.UInt64Value); ok {
			t.b.fail(n, "unsupported: integer constant too large")
		}
	}
	if ops, ok := floatOperands(n); ok {
		return t.floatOp(n, ops, want, p)
	}
	if isFloatRead(n) {
		return t.floatRead(n, want, p)
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return t.primary(x, want)
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return t.expr(x.PrimaryExpression, want)
		case cc.PostfixExpressionCall:
			return t.call(x, want)
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			return t.incDec(x.PostfixExpression, x.Case == cc.PostfixExpressionInc, true, want, p)
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return t.rvalue(x, want)
		case cc.PostfixExpressionComplit:
			t.b.fail(n, "unsupported: compound literal")
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return t.expr(x.PostfixExpression, want)
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return t.incDec(x.UnaryExpression, x.Case == cc.UnaryExpressionInc, false, want, p)
		case cc.UnaryExpressionAddrof:
			if f := t.funcDesignator(x.CastExpression); f != "" {
				return t.funcAddr(f, x)
			}
			if d, ok := strip(x.CastExpression).(*cc.UnaryExpression); ok && d.Case == cc.UnaryExpressionDeref && t.b.mcu != nil {
				// &*E is E, and neither operator is evaluated (C11
				// 6.5.3.2): (T *)&*(volatile uint8_t *)0x8A, a
				// register read as a struct.
				return t.expr(d.CastExpression, want)
			}
			return unless(want, t.addrOf(t.lvalue(x.CastExpression)))
		case cc.UnaryExpressionDeref:
			if x.Type() != nil && x.Type().Kind() == cc.Function {
				return t.expr(x.CastExpression, want) // (*fp)(...)
			}
			return t.rvalue(x, want)
		case cc.UnaryExpressionPlus:
			return t.operand(x.CastExpression, want)
		case cc.UnaryExpressionMinus:
			// -u and ~u on unsigned u are 0-u and -1-u: subtractions.
			return unless(want, t.wrapResult(x, cfa.Sub, t.intUn(x, cfa.Neg, t.operand(x.CastExpression, true)), x.Type()))
		case cc.UnaryExpressionCpl:
			return unless(want, t.wrapResult(x, cfa.Sub, t.intUn(x, cfa.BitNot, t.operand(x.CastExpression, true)), x.Type()))
		case cc.UnaryExpressionNot:
			return unless(want, mkUn(cfa.Not, t.operand(x.CastExpression, true)))
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			if v, ok := intValue(n.Value()); ok {
				return cfa.Const{Val: v}
			}
			if v := t.vlaOf(x.UnaryExpression); x.Case == cc.UnaryExpressionSizeofExpr && v != nil {
				return ref(v.bytes)
			}
			if x.Case == cc.UnaryExpressionSizeofType && variablyModified(x.TypeName.Type()) {
				return t.vlaSizeof(x, x.TypeName.Type(), x.Type())
			}
			t.b.fail(n, "unsupported: sizeof of a variable-size type")
		case cc.UnaryExpressionLabelAddr:
			t.b.fail(n, "unsupported: label address")
		default:
			t.b.fail(n, "unsupported: complex arithmetic")
		}
	case *cc.CastExpression:
		return t.cast(x, want)
	case *cc.MultiplicativeExpression:
		op := map[cc.MultiplicativeExpressionCase]cfa.BinOp{cc.MultiplicativeExpressionMul: cfa.Mul, cc.MultiplicativeExpressionDiv: cfa.Div, cc.MultiplicativeExpressionMod: cfa.Mod}[x.Case]
		return t.binary(x, op, x.MultiplicativeExpression, x.CastExpression, want, p)
	case *cc.AdditiveExpression:
		op := cfa.Add
		if x.Case == cc.AdditiveExpressionSub {
			op = cfa.Sub
		}
		return t.binary(x, op, x.AdditiveExpression, x.MultiplicativeExpression, want, p)
	case *cc.ShiftExpression:
		op := cfa.Shl
		if x.Case == cc.ShiftExpressionRsh {
			op = cfa.Shr
		}
		return t.binary(x, op, x.ShiftExpression, x.AdditiveExpression, want, p)
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]cfa.BinOp{cc.RelationalExpressionLt: cfa.Lt, cc.RelationalExpressionGt: cfa.Gt, cc.RelationalExpressionLeq: cfa.Le, cc.RelationalExpressionGeq: cfa.Ge}[x.Case]
		return t.binary(x, op, x.RelationalExpression, x.ShiftExpression, want, p)
	case *cc.EqualityExpression:
		op := cfa.Eq
		if x.Case == cc.EqualityExpressionNeq {
			op = cfa.Ne
		}
		return t.binary(x, op, x.EqualityExpression, x.RelationalExpression, want, p)
	case *cc.AndExpression:
		return t.binary(x, cfa.BitAnd, x.AndExpression, x.EqualityExpression, want, p)
	case *cc.ExclusiveOrExpression:
		return t.binary(x, cfa.BitXor, x.ExclusiveOrExpression, x.AndExpression, want, p)
	case *cc.InclusiveOrExpression:
		return t.binary(x, cfa.BitOr, x.InclusiveOrExpression, x.ExclusiveOrExpression, want, p)
	case *cc.LogicalAndExpression:
		return t.logical(n, cfa.And, x.LogicalAndExpression, x.InclusiveOrExpression, want, p)
	case *cc.LogicalOrExpression:
		return t.logical(n, cfa.Or, x.LogicalOrExpression, x.LogicalAndExpression, want, p)
	case *cc.ConditionalExpression:
		return t.conditional(x, want, p)
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return t.expr(x.ConditionalExpression, want)
		}
		return t.assign(x, want, p)
	case *cc.ExpressionList:
		var v cfa.Expr
		for l := x; l != nil; l = l.ExpressionList {
			v = t.expr(l.AssignmentExpression, want && l.ExpressionList == nil)
		}
		return v
	}
	t.b.fail(n, "unsupported expression")
	return nil
}

// isLeafConst reports whether n is a node whose constant value cc
// computed and that can be taken as is: a literal, enumerator or sizeof,
// possibly parenthesized.
func isLeafConst(n cc.ExpressionNode) bool {
	switch x := strip(n).(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar:
			return true
		case cc.PrimaryExpressionIdent:
			_, ok := x.ResolvedTo().(*cc.Enumerator)
			return ok
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return true
		}
	}
	return false
}

// offsetof is the value of offsetof as cc/v4 defines it,
// (size_t)&((T *)K)->m.f[i]: K plus the member's byte offset, an index
// that is no constant (offsetof(T, a[i]), as GCC allows) counting its
// elements' bytes. Lowered as an address, it would count cells. ok is
// false for any other n.
func (t *tb) offsetof(n cc.ExpressionNode) (e cfa.Expr, ok bool) {
	c, isCast := strip(n).(*cc.CastExpression)
	if !isCast || c.Case != cc.CastExpressionCast || !isInt(c.Type()) {
		return nil, false
	}
	u, isUnary := strip(c.CastExpression).(*cc.UnaryExpression)
	if !isUnary || u.Case != cc.UnaryExpressionAddrof {
		return nil, false
	}
	type scaled struct {
		index cc.ExpressionNode
		size  int64
	}
	var v int64
	var indices []scaled
	n = u.CastExpression
	for depth := 0; depth < 64; depth++ {
		x, isPostfix := strip(n).(*cc.PostfixExpression)
		if !isPostfix {
			return nil, false
		}
		switch x.Case {
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			if x.Field() == nil {
				return nil, false
			}
			v += x.Field().Offset()
			if x.Case == cc.PostfixExpressionPSelect {
				k, isConst := intValue(strip(x.PostfixExpression).Value())
				if !isConst {
					return nil, false
				}
				e = num(v + k)
				for _, s := range indices {
					e = mkBin(cfa.Add, e, mkBin(cfa.Mul, t.intExpr(s.index), num(s.size)))
				}
				// The cast may narrow ((unsigned char)offsetof(...)).
				return t.convert(c, e, nil, t.b.intType(c.Type())), true
			}
		case cc.PostfixExpressionIndex:
			// Only an array member's element is at an offset; an index
			// through a pointer member reads the pointer.
			et := memberType(x)
			if et == nil {
				return nil, false
			}
			if i, isConst := intValue(x.ExpressionList.Value()); isConst {
				v += i * et.Size()
			} else {
				indices = append(indices, scaled{x.ExpressionList, et.Size()})
			}
		default:
			return nil, false
		}
		n = x.PostfixExpression
	}
	return nil, false
}

// memberType is the declared type of a member access or of an element
// of one (cc/v4 gives their expressions the decayed pointer type); nil
// for anything else.
func memberType(n cc.ExpressionNode) cc.Type {
	x, ok := strip(n).(*cc.PostfixExpression)
	if !ok {
		return nil
	}
	switch x.Case {
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		if x.Field() != nil {
			return x.Field().Type()
		}
	case cc.PostfixExpressionIndex:
		if at, isArr := memberType(x.PostfixExpression).(*cc.ArrayType); isArr {
			return at.Elem()
		}
	}
	return nil
}

func unless(want bool, e cfa.Expr) cfa.Expr {
	if !want {
		return nil
	}
	return e
}

// operand lowers an integer operand (its value is needed even if the
// enclosing value is not, to keep its reads).
func (t *tb) operand(n cc.ExpressionNode, want bool) cfa.Expr {
	if n != nil && !isInt(n.Type()) && !isPtr(n.Type()) && !isArray(n.Type()) && !isFunc(n.Type()) && !isFloat(n.Type()) {
		if isVoid(n.Type()) {
			t.b.fail(n, "unsupported: void value used")
		}
		if _, ok := strip(n).(*cc.PrimaryExpression); !ok {
			t.b.fail(n, "unsupported: %s operand", describe(n.Type()))
		}
	}
	return t.expr(n, true)
}

func (t *tb) primary(x *cc.PrimaryExpression, want bool) cfa.Expr {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		switch r := x.ResolvedTo().(type) {
		case *cc.Enumerator:
			if v, ok := intValue(r.Value()); ok {
				return cfa.Const{Val: v}
			}
			t.b.fail(x, "unsupported: enumeration constant %s out of range", x.Token.SrcStr())
		case *cc.Declarator:
			if r.Type() != nil && r.Type().Kind() == cc.Function {
				return t.funcAddr(x.Token.SrcStr(), x)
			}
			if isArray(r.Type()) {
				return unless(want, t.addrOf(t.lvalue(x)))
			}
			if lv, ok := t.tlsLvalue(r, x); ok {
				return t.load(lv)
			}
			l := t.lookup(r, x)
			if l.bad != "" {
				t.b.fail(x, "%s", l.bad)
			}
			return t.readLocal(l, x)
		}
		t.b.fail(x, "unsupported: identifier %s", x.Token.SrcStr())
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar:
		if v, ok := intValue(x.Value()); ok {
			return cfa.Const{Val: v}
		}
		t.b.fail(x, "unsupported: integer constant %s", x.Token.SrcStr())
	case cc.PrimaryExpressionLChar:
		// Its value is the wchar_t element it holds, as an int (wide.go).
		units, ok := wideUnits(x.Token.SrcStr(), x.Type(), false)
		if !ok || len(units) != 1 {
			t.b.fail(x, "unsupported: wide character constant %s", x.Token.SrcStr())
		}
		return num(units[0])
	case cc.PrimaryExpressionFloat:
		t.b.fail(x, "unsupported: floating-point constant %s", x.Token.SrcStr())
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		return num(t.b.literal(x).Base)
	case cc.PrimaryExpressionExpr:
		return t.expr(x.ExpressionList, want)
	case cc.PrimaryExpressionStmt:
		return t.stmtExpr(x.CompoundStatement, want)
	case cc.PrimaryExpressionGeneric:
		t.b.fail(x, "unsupported: _Generic")
	}
	t.b.fail(x, "unsupported expression")
	return nil
}

// stmtExpr lowers a GNU statement expression ({ ... }).
func (t *tb) stmtExpr(cs *cc.CompoundStatement, want bool) cfa.Expr {
	var items []*cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		items = append(items, l.BlockItem)
	}
	for i, it := range items {
		if i == len(items)-1 && want {
			if it != nil && it.Case == cc.BlockItemStmt && it.Statement != nil && it.Statement.Case == cc.StatementExpr &&
				it.Statement.ExpressionStatement != nil && it.Statement.ExpressionStatement.ExpressionList != nil {
				return t.expr(it.Statement.ExpressionStatement.ExpressionList, true)
			}
			t.b.fail(cs, "unsupported: statement expression without a value")
		}
		t.blockItem(it)
	}
	if want {
		t.b.fail(cs, "unsupported: statement expression without a value")
	}
	return nil
}

func (t *tb) cast(x *cc.CastExpression, want bool) cfa.Expr {
	if x.Case != cc.CastExpressionCast {
		return t.expr(x.CastExpression, want)
	}
	tt := x.Type()
	inner := x.CastExpression
	switch {
	case isVoid(tt):
		t.expr(inner, false)
		if want {
			t.b.fail(x, "unsupported: void value used")
		}
		return nil
	case isInt(tt) && tt.Size() > 8:
		t.b.fail(x, "unsupported: cast to a 128-bit integer")
	case isInt(tt):
		var v cfa.Expr
		t.b.convertsCall(inner, tt)
		switch it := inner.Type(); {
		case isInt(it):
			v = t.expr(inner, want || hasSE(inner))
		case isPtr(it) || isArray(it) || isFunc(it):
			v = t.expr(inner, true)
		default:
			t.expr(inner, true) // leaves give precise errors
			t.b.fail(x, "unsupported: cast from %s", describe(it))
		}
		if !want {
			return nil
		}
		if tt.Kind() == cc.Bool && v != nil && !cfa.IsBoolExpr(v) {
			v = mkBin(cfa.Ne, v, cfa.Const{Val: 0})
		}
		return t.convert(x, v, inner.Type(), t.b.intType(tt))
	case isPtr(tt):
		if v, ok := t.containerOf(x, want); ok {
			return v
		}
		it := inner.Type()
		if !isInt(it) && !isPtr(it) && !isArray(it) && !isFunc(it) {
			t.expr(inner, true)
			t.b.fail(x, "unsupported: cast from %s", describe(it))
		}
		return t.expr(inner, want)
	}
	t.b.fail(x, "unsupported: cast to %s", describe(tt))
	return nil
}

// binary lowers n, x op y, evaluating x before y.
func (t *tb) binary(n cc.ExpressionNode, op cfa.BinOp, xn, yn cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	x := t.operand(xn, true)
	if hasSE(yn) {
		x = t.snapshot(x, xn.Type(), p)
	}
	y := t.operand(yn, true)
	if !want {
		// The value is unused: keep the reads of a global-reading
		// operation only through its operands' side effects.
		return nil
	}
	switch ct := t.b.commonType(op, xn.Type(), yn.Type()); {
	case ct != nil && !op.IsBool():
		v, _ := t.arith(n, op, x, xn.Type(), y, yn.Type())
		return v
	case ct != nil: // a comparison, in the operands' common type
		x, y = t.usual(n, op, ct, x, xn.Type(), y, yn.Type())
	case op == cfa.Add || op == cfa.Sub:
		return t.ptrArith(n, op, x, y, xn, yn)
	}
	if op >= cfa.Lt && op <= cfa.Ge {
		t.constantOrder(n, x, y)
		return recordOp(t.b.orderOps, mkBin(op, x, y), n)
	}
	if op.IsBool() {
		return mkBin(op, x, y)
	}
	return t.intBin(n, op, x, y)
}

// intBin lowers x op y, integer arithmetic the source writes at n. An
// address operand is not folded into a constant, so that
// checkIntegerArithmetic sees it.
func (t *tb) intBin(n cc.Node, op cfa.BinOp, x, y cfa.Expr) cfa.Expr {
	if t.isAddrConst(x) || t.isAddrConst(y) {
		return t.intOp(cfa.Binary{Op: op, X: x, Y: y}, n)
	}
	return t.intOp(mkBin(op, x, y), n)
}

// intUn is intBin for a unary operator.
func (t *tb) intUn(n cc.Node, op cfa.UnOp, x cfa.Expr) cfa.Expr {
	if t.isAddrConst(x) {
		return t.intOp(cfa.Unary{Op: op, X: x}, n)
	}
	return t.intOp(mkUn(op, x), n)
}

// isAddrConst reports whether e is a constant that is an address of
// the objects laid out so far (an address constant names an object
// that exists).
func (t *tb) isAddrConst(e cfa.Expr) bool {
	k, ok := e.(cfa.Const)
	return ok && t.b.prog.Memory.IsAddr(k.Val)
}

// intOp records e, an integer operation the source writes at n, and
// returns it: circ's addresses count cells, so the operation is exact
// only if no operand holds an address (checkIntegerArithmetic).
func (t *tb) intOp(e cfa.Expr, n cc.Node) cfa.Expr {
	return recordOp(t.b.intOps, e, n)
}

// recordOp records in ops, by shape, where the source first writes the
// operation e (a constant folded from it is none), and returns e.
// constantOrder rejects relational expression n over constants x and y
// that orders what circ's layout, not the machine's, decides: an
// address against a number other than null, or the addresses of two
// objects (checkAddressOrder does the same for values that are not
// constants, which this comparison no longer is once folded).
func (t *tb) constantOrder(n cc.Node, x, y cfa.Expr) {
	kx, okx := x.(cfa.Const)
	ky, oky := y.(cfa.Const)
	if !okx || !oky {
		return
	}
	ox, _ := t.b.prog.Memory.Find(kx.Val)
	oy, _ := t.b.prog.Memory.Find(ky.Val)
	switch {
	case ox == nil && oy == nil:
	case ox == oy && !(ox.Summary() && !ox.Elements()):
	case ox != nil && oy != nil:
		t.b.fail(n, "unsupported: %s may order addresses of two objects (C leaves their order unspecified)", nodeText(n))
	case ox == nil && kx.Val == 0, oy == nil && ky.Val == 0:
	default:
		t.b.fail(n, "unsupported: %s may order an address against a number (where the object lies is the machine's)", nodeText(n))
	}
}

func recordOp(ops map[cfa.Expr]cc.Node, e cfa.Expr, n cc.Node) cfa.Expr {
	switch e.(type) {
	case cfa.Binary, cfa.Unary:
		if _, ok := ops[e]; !ok {
			ops[e] = n
		}
	}
	return e
}

// ptrArith lowers x op y (+ or -) where either operand may be a pointer:
// an integer added to a T* counts T's cells, and the difference of two
// pointers is in elements.
func (t *tb) ptrArith(n cc.Node, op cfa.BinOp, x, y cfa.Expr, xn, yn cc.ExpressionNode) cfa.Expr {
	xp := isPtr(xn.Type()) || isArray(xn.Type())
	yp := isPtr(yn.Type()) || isArray(yn.Type())
	switch {
	case xp && yp:
		k := t.operandStride(xn, x)
		t.operandStride(yn, y)
		// Both pointers in one run of bytes: a difference across
		// runs counts cells, not bytes.
		t.moved(xn, x, y)
		return mkBin(cfa.Div, mkBin(cfa.Sub, x, y), num(k))
	case xp && op == cfa.Add:
		return t.moved(xn, x, t.subscript(xn, x, y, t.operandStride(xn, x)))
	case xp:
		// x - i*k: a shape no subscript has.
		return t.moved(xn, x, mkBin(op, x, mkBin(cfa.Mul, y, num(t.operandStride(xn, x)))))
	case yp:
		return t.moved(yn, y, t.subscript(yn, y, x, t.operandStride(yn, y)))
	}
	return t.intBin(n, op, x, y)
}

var assignOps = map[cc.AssignmentExpressionCase]cfa.BinOp{
	cc.AssignmentExpressionMul: cfa.Mul,
	cc.AssignmentExpressionDiv: cfa.Div,
	cc.AssignmentExpressionMod: cfa.Mod,
	cc.AssignmentExpressionAdd: cfa.Add,
	cc.AssignmentExpressionSub: cfa.Sub,
	cc.AssignmentExpressionLsh: cfa.Shl,
	cc.AssignmentExpressionRsh: cfa.Shr,
	cc.AssignmentExpressionAnd: cfa.BitAnd,
	cc.AssignmentExpressionXor: cfa.BitXor,
	cc.AssignmentExpressionOr:  cfa.BitOr,
}

func (t *tb) assign(x *cc.AssignmentExpression, want bool, p cfa.Pos) cfa.Expr {
	if t.b.isStruct(x.UnaryExpression.Type()) {
		return t.structAssign(x, want, p)
	}
	if st := t.b.syncTypeName(x.UnaryExpression.Type()); st == "pthread_mutex_t" || st == "pthread_cond_t" {
		return t.syncCopy(x, want, p)
	}
	op, compound := assignOps[x.Case]
	if compound && (isFloat(x.UnaryExpression.Type()) || isFloat(x.AssignmentExpression.Type())) {
		return t.floatUpdate(x.UnaryExpression, x.AssignmentExpression, want, p)
	}
	lv := t.lvalue(x.UnaryExpression)
	var rhs cfa.Expr
	checkCell := func(*cfa.Var) {}
	if x.Case == cc.AssignmentExpressionAssign {
		if isInt(x.UnaryExpression.Type()) {
			t.b.convertsCall(x.AssignmentExpression, x.UnaryExpression.Type())
		}
		rhs = t.intExpr(x.AssignmentExpression)
	} else if !compound {
		t.b.fail(x, "unsupported assignment operator")
	} else {
		rhs = t.operand(x.AssignmentExpression, true)
		if isPtr(x.UnaryExpression.Type()) && (op == cfa.Add || op == cfa.Sub) {
			k, check := t.strideInMemory(lv, pointee(x.UnaryExpression.Type()), x)
			rhs, checkCell = mkBin(cfa.Mul, rhs, num(k)), check
			t.movedVar(x, lv, op, rhs)
		}
	}
	if lv.l == nil && hasSE(x.AssignmentExpression) {
		rhs = t.snapshot(rhs, x.AssignmentExpression.Type(), p)
	}
	return t.updateScalar(lv, want, func(v *cfa.Var) cfa.Expr {
		checkCell(v)
		y := rhs
		if t.b.atomic[v] {
			y = t.plain(rhs, p) // read before the atomic access
		}
		// next is the value stored over old value o.
		next := func(o cfa.Expr) cfa.Expr {
			r, rt := y, x.AssignmentExpression.Type()
			switch {
			case !compound:
			case isPtr(x.UnaryExpression.Type()):
				r = mkBin(op, o, y)
			default:
				r, rt = t.arith(x, op, o, x.UnaryExpression.Type(), y, rt)
			}
			return t.fit(x, v, r, rt)
		}
		switch {
		case t.b.atomic[v] && !compound:
			val := t.plain(next(nil), p)
			t.atomicStore(v, val, p)
			return unless(want, val)
		case t.b.atomic[v]:
			_, nw := t.atomicRMW(v, next, false, want, p)
			return unless(want, nw)
		}
		return t.store(v, next(t.oldValue(lv, v, x)), want, p)
	})
}

// oldValue is what an update of v, a cell of lvalue lv, reads as its old
// value: v, or for a hardware register what a read of it gives.
func (t *tb) oldValue(lv lval, v *cfa.Var, n cc.Node) cfa.Expr {
	if lv.l != nil && lv.l.hw != "" {
		return t.readRegister(lv.l, n)
	}
	return cfa.Ref{V: v}
}

// store assigns rhs to v and returns the stored value if wanted, without
// reading v again when v is a global.
func (t *tb) store(v *cfa.Var, rhs cfa.Expr, want bool, p cfa.Pos) cfa.Expr {
	if t.isStatusRegister(v) {
		// The value is read before the store: rhs may read SREG.
		tmp := t.temp(nil)
		delete(t.b.single, tmp) // read twice: by the store and by statusOp
		t.set(tmp, rhs, p)
		rhs = ref(tmp)
		defer t.statusOp(srWrite, rhs, "a write of SREG", nil, p)
	}
	if !want {
		t.assignTo(v, rhs, p)
		return nil
	}
	if _, ok := rhs.(cfa.Const); ok || !v.Global {
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: rhs, Pos: p})
		if _, ok := rhs.(cfa.Const); ok {
			return rhs
		}
		return cfa.Ref{V: v}
	}
	tmp := t.temp(nil)
	tmp.Bool, tmp.Int = v.Bool, v.Int
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: rhs, Pos: p})
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: cfa.Ref{V: tmp}, Pos: p})
	return cfa.Ref{V: tmp}
}

// incDec lowers ++/-- (prefix or postfix); a pointer moves by its
// stride.
func (t *tb) incDec(n cc.ExpressionNode, inc, post, want bool, p cfa.Pos) cfa.Expr {
	if isFloat(n.Type()) {
		return t.floatUpdate(n, nil, want, p)
	}
	lv := t.lvalue(n)
	op := cfa.Add
	if !inc {
		op = cfa.Sub
	}
	var step int64 = 1
	checkCell := func(*cfa.Var) {}
	ptr := isPtr(n.Type())
	if ptr {
		step, checkCell = t.strideInMemory(lv, pointee(n.Type()), n)
		t.movedVar(n, lv, op, num(step))
	}
	return t.updateScalar(lv, want, func(v *cfa.Var) cfa.Expr {
		checkCell(v)
		next := func(o cfa.Expr) cfa.Expr {
			if ptr {
				return mkBin(op, o, num(step))
			}
			r, rt := t.arith(n, op, o, n.Type(), num(step), cc.Type(t.b.ast.Int))
			return t.fit(n, v, r, rt)
		}
		if t.b.atomic[v] {
			old, nw := t.atomicRMW(v, next, want && post, want && !post, p)
			if post {
				return unless(want, old)
			}
			return unless(want, nw)
		}
		if !post || !want {
			return t.store(v, next(t.oldValue(lv, v, n)), want, p)
		}
		old := t.temp(nil)
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: old, RHS: t.oldValue(lv, v, n), Pos: p})
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: next(cfa.Ref{V: old}), Pos: p})
		return cfa.Ref{V: old}
	})
}

// ---- expression constructors with constant folding (mathematical integers) ----

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func mkUn(op cfa.UnOp, x cfa.Expr) cfa.Expr {
	if k, ok := x.(cfa.Const); ok {
		switch op {
		case cfa.Neg:
			if k.Val != math.MinInt64 {
				return cfa.Const{Val: -k.Val}
			}
		case cfa.Not:
			return cfa.Const{Val: b2i(k.Val == 0)}
		case cfa.BitNot:
			return cfa.Const{Val: ^k.Val}
		}
	}
	return cfa.Unary{Op: op, X: x}
}

func mkBin(op cfa.BinOp, x, y cfa.Expr) cfa.Expr {
	kx, okx := x.(cfa.Const)
	ky, oky := y.(cfa.Const)
	if okx && oky {
		if v, ok := fold(op, kx.Val, ky.Val); ok {
			return cfa.Const{Val: v}
		}
	}
	return cfa.Binary{Op: op, X: x, Y: y}
}

func fold(op cfa.BinOp, a, b int64) (int64, bool) {
	switch op {
	case cfa.Add:
		s := a + b
		if (s > a) == (b > 0) {
			return s, true
		}
	case cfa.Sub:
		s := a - b
		if (s < a) == (b > 0) {
			return s, true
		}
	case cfa.Mul:
		if a == 0 || b == 0 {
			return 0, true
		}
		hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
		if hi == 0 && lo <= math.MaxInt64 && a != math.MinInt64 && b != math.MinInt64 {
			r := int64(lo)
			if (a < 0) != (b < 0) {
				r = -r
			}
			return r, true
		}
	case cfa.Div:
		if b != 0 && !(a == math.MinInt64 && b == -1) {
			return a / b, true
		}
	case cfa.Mod:
		if b != 0 && !(a == math.MinInt64 && b == -1) {
			return a % b, true
		}
	case cfa.Eq:
		return b2i(a == b), true
	case cfa.Ne:
		return b2i(a != b), true
	case cfa.Lt:
		return b2i(a < b), true
	case cfa.Le:
		return b2i(a <= b), true
	case cfa.Gt:
		return b2i(a > b), true
	case cfa.Ge:
		return b2i(a >= b), true
	case cfa.And:
		return b2i(a != 0 && b != 0), true
	case cfa.Or:
		return b2i(a != 0 || b != 0), true
	case cfa.BitAnd:
		return a & b, true
	case cfa.BitOr:
		return a | b, true
	case cfa.BitXor:
		return a ^ b, true
	case cfa.Shl:
		if a >= 0 && b >= 0 && b < 63 && a <= math.MaxInt64>>b {
			return a << b, true
		}
	case cfa.Shr:
		if b >= 0 && b < 64 {
			return a >> b, true
		}
	}
	return 0, false
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
