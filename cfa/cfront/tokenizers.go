package cfront

// The C library's string tokenizers, whose effects on the program's
// memory are their steps, done exactly where the delimiters are a string
// literal; with other delimiters, the string is read whole and a token
// may start and end at any char of it (an approximation the report
// lists).
//
// strsep's state is the program's own char *: it reads the string *sp
// points to up to the first char of delim or its 0, overwrites a
// delimiter found with 0, and moves *sp past it (or to null at the 0).
//
// strtok_r's state is the program's char * too (*saveptr), strtok's a
// hidden one of the library (strtok::state), which two threads calling
// strtok race on. Each call starts at its string, or at the state for a
// null one, skips the delimiters there, and returns null at the 0 (the
// state left there); otherwise the token runs to the next delimiter,
// which becomes 0 with the state past it, or to the 0, where the state
// is left.

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
	if !isPtr(strTyp) || !byteType(elem) {
		t.b.fail(as[0], "unsupported: %s argument of %s", describe(as[0].Type()), name)
	}
	sp := t.stableValue(as[0], p)
	stop, exact := t.tokenDelimiters(name, x, as, sp, p)
	getSp, setSp := t.pointerAt(sp, strTyp, as[0], p)
	s := t.temp(strTyp)
	t.set(s, getSp(), p)
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

// pointerAt reads and writes the pointer of type typ that addr (the
// value of argument n) points to: a tokenizer's state in the program's
// memory.
func (t *tb) pointerAt(addr cfa.Expr, typ cc.Type, n cc.ExpressionNode, p cfa.Pos) (get func() cfa.Expr, set func(v cfa.Expr)) {
	get = func() cfa.Expr { return t.load(t.atAddr(addr, typ, n)) }
	set = func(v cfa.Expr) {
		t.update(t.atAddr(addr, typ, n), false, func(c *cfa.Var) cfa.Expr { return t.store(c, v, false, p) })
	}
	return get, set
}

// tokenDelimiters evaluates the delimiters, as[1], of tokenizer call x
// (str: its first argument's value) and returns the test "ch is one of
// them" where they are a string literal. Other delimiters are read
// whole, and exact is false: the call approximates where tokens start
// and end.
func (t *tb) tokenDelimiters(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, str cfa.Expr, p cfa.Pos) (stop func(ch cfa.Expr) cfa.Expr, exact bool) {
	delim := t.stableValue(as[1], p)
	stop, exact = delimiters(as[1], pointee(as[1].Type()))
	if !exact {
		c := &libcCall{t: t, name: name, x: x, as: as, vals: []cfa.Expr{str, delim}, p: p}
		t.walkChars(charWalk{src: delim, srcN: as[1], elem: c.charType(1), str: true}, p)
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": reads the string whole; a token may start and end at any char of it"})
	}
	return stop, exact
}

// strtok lowers strtok(s, delim) and strtok_r(s, delim, saveptr) and
// returns their result: a token of the string, or null.
func (t *tb) strtok(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	reentrant := name == "strtok_r"
	t.nargs(x, name, as, map[bool]int{false: 2, true: 3}[reentrant])
	strTyp := x.Type() // the char * of the string (the argument may be a null constant)
	elem := pointee(strTyp)
	if !isPtr(strTyp) || !byteType(elem) || !isPtr(as[0].Type()) && !isInt(as[0].Type()) {
		t.b.fail(as[0], "unsupported: %s argument of %s", describe(as[0].Type()), name)
	}
	str := t.stableValue(as[0], p)
	stop, exact := t.tokenDelimiters(name, x, as, str, p)
	// The state: *saveptr, or the library's own.
	state := func() cfa.Expr { return ref(t.b.libcVar("strtok")) }
	setState := func(v cfa.Expr) {
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: t.b.libcVar("strtok"), RHS: v, Pos: p})
	}
	if reentrant {
		if pointee(as[2].Type()) == nil || !isPtr(pointee(as[2].Type())) {
			t.b.fail(as[2], "unsupported: %s argument of %s", describe(as[2].Type()), name)
		}
		state, setState = t.pointerAt(t.stableValue(as[2], p), strTyp, as[2], p)
	}
	s := t.temp(strTyp)
	t.choose(p,
		arm{cond: mkBin(cfa.Ne, str, num(0)), body: func() { t.set(s, str, p) }},
		arm{cond: mkBin(cfa.Eq, str, num(0)), body: func() { t.set(s, state(), p) }})
	res := t.temp(strTyp)
	// token ends the call with a token from start to end, an offset of
	// s whose char is a delimiter (atZero false) or the 0.
	token := func(start, end, atZero cfa.Expr) {
		t.set(res, mkBin(cfa.Add, ref(s), start), p)
		at := mkBin(cfa.Add, ref(s), end)
		t.choose(p,
			arm{cond: atZero, body: func() { setState(at) }},
			arm{cond: mkUn(cfa.Not, atZero), body: func() {
				t.update(t.atAddr(at, elem, as[0]), false, func(c *cfa.Var) cfa.Expr { return t.store(c, num(0), false, p) })
				setState(mkBin(cfa.Add, at, num(1)))
			}})
	}
	// none ends the call at the 0, offset n of s, with no token.
	none := func(n cfa.Expr) {
		setState(mkBin(cfa.Add, ref(s), n))
		t.set(res, num(0), p)
	}
	if exact {
		skip, first := t.walkChars(charWalk{src: ref(s), srcN: as[0], elem: elem, str: true,
			stop: func(ch cfa.Expr) cfa.Expr { return mkUn(cfa.Not, stop(ch)) }}, p)
		t.choose(p, arm{cond: mkBin(cfa.Eq, ref(first), num(0)), body: func() { none(ref(skip)) }},
			arm{cond: mkBin(cfa.Ne, ref(first), num(0)), body: func() {
				k, last := t.walkChars(charWalk{src: mkBin(cfa.Add, ref(s), ref(skip)), srcN: as[0], elem: elem, str: true, stop: stop}, p)
				token(ref(skip), mkBin(cfa.Add, ref(skip), ref(k)), mkBin(cfa.Eq, ref(last), num(0)))
			}})
		return unless(want, ref(res))
	}
	n, _ := t.walkChars(charWalk{src: ref(s), srcN: as[0], elem: elem, str: true}, p)
	start, end := t.temp(nil), t.temp(nil)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: start, Lo: num(0), Hi: ref(n), Pos: p, Note: name + ": where the token starts"})
	t.choose(p, arm{cond: mkBin(cfa.Eq, ref(start), ref(n)), body: func() { none(ref(n)) }},
		arm{cond: mkBin(cfa.Lt, ref(start), ref(n)), body: func() {
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: end, Lo: mkBin(cfa.Add, ref(start), num(1)), Hi: ref(n), Pos: p, Note: name + ": where the token ends"})
			token(ref(start), ref(end), mkBin(cfa.Eq, ref(end), ref(n)))
		}})
	return unless(want, ref(res))
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
