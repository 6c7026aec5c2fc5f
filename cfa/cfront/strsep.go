package cfront

// strsep, a string tokenizer whose state is the program's own char *:
// it reads the string *sp points to up to the first char of delim or its
// 0, overwrites a delimiter found with 0, and moves *sp past it (or to
// null at the 0). Its effects on the program's memory are those steps,
// done exactly where delim is a literal; with another delim, the string
// is read whole and the token may end at any char of it (an
// approximation the report lists).

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// strsep lowers strsep(sp, delim) and returns its result: the string *sp
// held, or null.
func (t *tb) strsep(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, name, as, 2)
	strTyp := pointee(as[0].Type())
	elem := pointee(strTyp)
	if !isPtr(strTyp) || elem == nil || elem.Size() != 1 || !isInt(elem) {
		t.b.fail(as[0], "unsupported: %s argument of %s", describe(as[0].Type()), name)
	}
	sp := t.stableValue(as[0], p)
	delim := t.stableValue(as[1], p)
	stop, exact := delimiters(as[1], elem)
	if !exact {
		c := &libcCall{t: t, name: name, x: x, as: as, vals: []cfa.Expr{sp, delim}, p: p}
		t.walkChars(charWalk{src: delim, srcN: as[1], elem: c.charType(1), str: true}, p)
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": reads the string whole; the token may end at any char of it"})
	}
	s := t.temp(strTyp)
	t.set(s, t.load(t.atAddr(sp, strTyp, as[0])), p)
	setSp := func(v cfa.Expr) {
		t.update(t.atAddr(sp, strTyp, as[0]), false, func(c *cfa.Var) cfa.Expr { return t.store(c, v, false, p) })
	}
	t.choose(p, arm{cond: mkBin(cfa.Eq, ref(s), num(0))}, arm{cond: mkBin(cfa.Ne, ref(s), num(0)), body: func() {
		k, last := t.walkChars(charWalk{src: ref(s), srcN: as[0], elem: elem, str: true, stop: stop}, p)
		end := ref(k) // where the token ends: a delimiter, or the 0
		if !exact {
			j := t.temp(nil)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: ref(k), Pos: p, Note: name + ": where the token ends"})
			end = ref(j)
		}
		atZero := mkBin(cfa.Eq, ref(last), num(0))
		if !exact {
			atZero = mkBin(cfa.Eq, end, ref(k))
		}
		t.choose(p,
			arm{cond: atZero, body: func() { setSp(num(0)) }},
			arm{cond: mkUn(cfa.Not, atZero), body: func() {
				at := mkBin(cfa.Add, ref(s), end)
				t.update(t.atAddr(at, elem, as[0]), false, func(c *cfa.Var) cfa.Expr { return t.store(c, num(0), false, p) })
				setSp(mkBin(cfa.Add, at, num(1)))
			}})
	}})
	return unless(want, ref(s))
}

// delimiters is the test "ch is a char of delim" where delim is a string
// literal (chars of type elem); exact is false for another delim.
func delimiters(delim cc.ExpressionNode, elem cc.Type) (stop func(ch cfa.Expr) cfa.Expr, exact bool) {
	lit, ok := stripCasts(delim).(*cc.PrimaryExpression)
	if !ok || lit.Case != cc.PrimaryExpressionString {
		return nil, false
	}
	sv, ok := lit.Value().(cc.StringValue)
	if !ok {
		return nil, false
	}
	var chars []int64
	for _, b := range []byte(string(sv)) {
		if b == 0 {
			break
		}
		v := int64(b)
		if cc.IsSignedInteger(elem) {
			v = int64(int8(b))
		}
		chars = append(chars, v)
	}
	return func(ch cfa.Expr) cfa.Expr {
		var e cfa.Expr = cfa.Const{Val: 0}
		for i, c := range chars {
			eq := mkBin(cfa.Eq, ch, num(c))
			if i == 0 {
				e = eq
			} else {
				e = mkBin(cfa.Or, e, eq)
			}
		}
		return e
	}, true
}
