package cfront

import (
	"strconv"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers printf, puts and putchar: what they read. glibc locks
// each stream, so printing races with nothing but the memory it reads:
// the integer arguments, and the chars of each string a %s (or puts)
// prints, up to its terminating 0 or the precision, exactly as many as
// the C library reads.

// printConv is what printf does with one argument: a conversion, or a
// '*' width or precision (an int).
type printConv struct {
	verb byte
	// prec is a %s's precision: a constant, or -1 for none, -2 for
	// one given by the argument before it ('*').
	prec int64
}

// printfConvs parses a format literal (its source text, quotes and
// all) into the conversions of the arguments after it; bad is set for
// a format circ does not read (%n writes through its argument), with
// the reason.
func printfConvs(src string) (convs []printConv, bad string) {
	s, err := strconv.Unquote(src)
	if err != nil {
		return nil, "a format circ cannot read"
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		for i < len(s) && strings.IndexByte("-+ #0'", s[i]) >= 0 {
			i++
		}
		if i < len(s) && s[i] == '*' {
			convs = append(convs, printConv{verb: '*'})
			i++
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		prec := int64(-1)
		if i < len(s) && s[i] == '.' {
			i++
			prec = 0
			if i < len(s) && s[i] == '*' {
				convs = append(convs, printConv{verb: '*'})
				prec = -2
				i++
			}
			for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
				prec = prec*10 + int64(s[i]-'0')
			}
		}
		for i < len(s) && strings.IndexByte("hlLqjzt", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return nil, "a format circ cannot read"
		}
		switch s[i] {
		case '%':
		case 'n':
			return nil, "%n in printf format"
		default:
			convs = append(convs, printConv{verb: s[i], prec: prec})
		}
	}
	return convs, ""
}

// lowerPrint lowers a call of printf, puts or putchar.
func (t *tb) lowerPrint(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	var convs []printConv
	known := name == "puts"
	if name == "puts" {
		convs = []printConv{{verb: 's', prec: -1}}
	}
	if name == "printf" && len(as) > 0 {
		if s, ok := strip(as[0]).(*cc.PrimaryExpression); ok && s.Case == cc.PrimaryExpressionString {
			var bad string
			if convs, bad = printfConvs(s.Token.SrcStr()); bad != "" {
				t.b.fail(as[0], "unsupported: %s", bad)
			}
			convs, known = append([]printConv{{verb: 'f'}}, convs...), true // the format itself
		}
	}
	var prev cfa.Expr // the last '*' argument's value
	for i, a := range as {
		conv := printConv{verb: '?'}
		switch {
		case known && i < len(convs):
			conv = convs[i]
		case name == "printf" && i == 0:
			conv = printConv{verb: 's', prec: -1} // a format circ reads as a string only
		}
		if s, ok := strip(a).(*cc.PrimaryExpression); ok && s.Case == cc.PrimaryExpressionString {
			continue // a literal: nothing writes it
		}
		switch {
		case isInt(a.Type()) && conv.verb == '*':
			prev = t.stableValue(a, p)
		case isInt(a.Type()):
			t.discardRead(a, p)
		case isPtr(a.Type()) && conv.verb == 'p':
			t.discardRead(a, p)
		case isPtr(a.Type()) && conv.verb == 's' && pointee(a.Type()).Size() == 1 && isInt(pointee(a.Type())):
			var limit cfa.Expr
			switch {
			case conv.prec >= 0:
				limit = num(conv.prec)
			case conv.prec == -2:
				limit = prev
			}
			t.readString(a, limit, p)
		default:
			t.b.fail(a, "unsupported: %s argument of %s", describe(a.Type()), name)
		}
	}
	if !want {
		return nil
	}
	tmp := t.temp(x.Type())
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: tmp, Pos: p, Note: name + " result"})
	return ref(tmp)
}

// readString lowers the reads of the string a points to: its chars up
// to the terminating 0, at most limit of them when limit is not nil.
func (t *tb) readString(a cc.ExpressionNode, limit cfa.Expr, p cfa.Pos) {
	elem := pointee(a.Type())
	q := t.temp(a.Type())
	t.set(q, t.intExpr(a), p)
	var k *cfa.Var
	if limit != nil {
		k = t.temp(nil)
		t.set(k, num(0), p)
	}
	head := t.loopHead(p)
	exit := t.newLoc(p)
	more := func(body func()) {
		c := t.load(t.atAddr(ref(q), elem, a))
		t.choose(p,
			arm{cond: mkBin(cfa.Eq, c, num(0)), body: func() { t.jump(exit, p) }},
			arm{cond: mkBin(cfa.Ne, c, num(0)), body: func() {
				t.set(q, mkBin(cfa.Add, ref(q), num(1)), p)
				body()
				t.jump(head, p)
			}})
	}
	if k == nil {
		more(func() {})
	} else {
		t.choose(p,
			arm{cond: mkBin(cfa.Ge, ref(k), limit), body: func() { t.jump(exit, p) }},
			arm{cond: mkBin(cfa.Lt, ref(k), limit), body: func() {
				more(func() { t.set(k, mkBin(cfa.Add, ref(k), num(1)), p) })
			}})
	}
	t.cur = -1
	t.place(exit, p)
	t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: ref(q), n: a, elem: elem})
}
