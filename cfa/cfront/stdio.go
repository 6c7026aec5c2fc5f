package cfront

import (
	"strconv"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers stdio's output functions (printf and the others of
// stdioFuncs): what they read. glibc locks each stream, and a FILE's
// state is the library's, so printing races with nothing but the memory
// it reads: the integer arguments, and the chars of each string a %s (or
// puts) prints, up to its terminating 0 or the precision, exactly as
// many as the C library reads.

// ioArg is what a stdio function does with an argument.
type ioArg byte

const (
	ioInt    ioArg = iota // an integer, read
	ioStream              // a FILE *: only the pointer is read
	ioString              // a string, read up to its terminating 0
	ioFormat              // a printf format, then the arguments it converts
)

// ioResult is what a stdio function returns.
type ioResult byte

const (
	ioAnyInt  ioResult = iota // any value of its type
	ioLibrary                 // a pointer into the library's objects, or NULL
)

// stdioFuncs are the stdio functions circ models, by their arguments:
// the output functions and those that open, flush or close a stream.
var stdioFuncs = map[string]struct {
	args   []ioArg
	result ioResult
}{
	"printf":    {[]ioArg{ioFormat}, ioAnyInt},
	"fprintf":   {[]ioArg{ioStream, ioFormat}, ioAnyInt},
	"puts":      {[]ioArg{ioString}, ioAnyInt},
	"putchar":   {[]ioArg{ioInt}, ioAnyInt},
	"fputs":     {[]ioArg{ioString, ioStream}, ioAnyInt},
	"fputc":     {[]ioArg{ioInt, ioStream}, ioAnyInt},
	"putc":      {[]ioArg{ioInt, ioStream}, ioAnyInt},
	"perror":    {[]ioArg{ioString}, ioAnyInt},
	"fflush":    {[]ioArg{ioStream}, ioAnyInt},
	"fclose":    {[]ioArg{ioStream}, ioAnyInt},
	"feof":      {[]ioArg{ioStream}, ioAnyInt},
	"ferror":    {[]ioArg{ioStream}, ioAnyInt},
	"fileno":    {[]ioArg{ioStream}, ioAnyInt},
	"fopen":     {[]ioArg{ioString, ioString}, ioLibrary},
	"setlocale": {[]ioArg{ioInt, ioString}, ioLibrary},
}

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

// lowerStdio lowers a call of a function of stdioFuncs; ok is false for
// other functions.
func (t *tb) lowerStdio(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (v cfa.Expr, ok bool) {
	f, ok := stdioFuncs[name]
	if !ok || t.b.funcs[name] != nil {
		return nil, false
	}
	var convs []printConv // the conversions of the arguments after the format
	known := false        // whether convs is known (a literal format)
	var prev cfa.Expr     // the last '*' argument's value
	for i, a := range as {
		role := ioInt
		switch {
		case i < len(f.args):
			role = f.args[i]
		case len(f.args) > 0 && f.args[len(f.args)-1] == ioFormat:
			role = ioFormat // an argument the format converts
		default:
			t.b.fail(x, "%s takes %d argument(s), got %d", name, len(f.args), len(as))
		}
		if s, ok := stripCasts(a).(*cc.PrimaryExpression); ok && s.Case == cc.PrimaryExpressionString {
			if role == ioFormat && i == len(f.args)-1 {
				var bad string
				if convs, bad = printfConvs(s.Token.SrcStr()); bad != "" {
					t.b.fail(a, "unsupported: %s", bad)
				}
				known = true
			}
			continue // a literal: nothing writes it
		}
		conv := printConv{verb: '?'}
		switch {
		case role == ioString, role == ioFormat && i == len(f.args)-1:
			conv = printConv{verb: 's', prec: -1} // a format circ does not parse is still a string it reads
		case role == ioStream:
			conv = printConv{verb: 'p'}
		case role == ioFormat && known && i-len(f.args) < len(convs):
			conv = convs[i-len(f.args)]
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
	if len(as) < len(f.args) {
		t.b.fail(x, "%s takes %d argument(s), got %d", name, len(f.args), len(as))
	}
	if !want {
		return nil, true
	}
	res := t.temp(x.Type())
	if f.result == ioLibrary && isPtr(x.Type()) {
		t.externPointer(pointee(x.Type()), res, p)
	} else {
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Pos: p, Note: name + " result"})
	}
	return ref(res), true
}

// readString lowers the reads of the string a points to: its chars up
// to the terminating 0, at most limit of them when limit is not nil. It
// returns the number of chars before the 0 (or the limit).
func (t *tb) readString(a cc.ExpressionNode, limit cfa.Expr, p cfa.Pos) *cfa.Var {
	elem := pointee(a.Type())
	q := t.temp(a.Type())
	t.set(q, t.intExpr(a), p)
	k := t.temp(nil)
	t.set(k, num(0), p)
	head := t.loopHead(p)
	exit := t.newLoc(p)
	more := func() {
		c := t.load(t.atAddr(ref(q), elem, a))
		t.choose(p,
			arm{cond: mkBin(cfa.Eq, c, num(0)), body: func() { t.jump(exit, p) }},
			arm{cond: mkBin(cfa.Ne, c, num(0)), body: func() {
				t.set(q, mkBin(cfa.Add, ref(q), num(1)), p)
				t.set(k, mkBin(cfa.Add, ref(k), num(1)), p)
				t.jump(head, p)
			}})
	}
	if limit == nil {
		more()
	} else {
		t.choose(p,
			arm{cond: mkBin(cfa.Ge, ref(k), limit), body: func() { t.jump(exit, p) }},
			arm{cond: mkBin(cfa.Lt, ref(k), limit), body: more})
	}
	t.cur = -1
	t.place(exit, p)
	t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: ref(q), n: a, elem: elem})
	return k
}
