package cfront

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers the program's own variadic functions. A call is
// inlined like any other: the fixed parameters get their arguments,
// and the variadic arguments are evaluated, as C does, into values the
// inlined body's va_list stands for. va_start, va_end and va_copy touch
// no memory. What the C library's v* functions (vfprintf, vprintf,
// vsnprintf) do with a va_list is in the library table (argVaList):
// without the format they print, circ reads every string among the
// variadic arguments and lets %n store through every integer pointer,
// an over-approximation the report lists. va_arg, which reads the arguments one by one, is rejected.

// vaArg is one variadic argument of an inlined call: its value and
// source.
type vaArg struct {
	e cfa.Expr
	n cc.ExpressionNode
}

// variadicArgs evaluates the arguments of a variadic call beyond its
// fixed parameters, left to right after them.
func (t *tb) variadicArgs(name string, as []cc.ExpressionNode, p cfa.Pos) []vaArg {
	var out []vaArg
	for _, a := range as {
		switch at := a.Type(); {
		case isInt(at) || isPtr(at) || isArray(at) || isFunc(at):
			out = append(out, vaArg{e: t.stableValue(a, p), n: a})
		case isFloat(at):
			t.discardRead(a, p) // a value circ does not compute (float.go)
		default:
			t.b.fail(a, "unsupported: %s argument of variadic function %s", describe(at), name)
		}
	}
	return out
}

// variadicFrame is the innermost frame being inlined that is a variadic
// function's: the one whose arguments a va_list stands for (a va_list
// lives no longer than the call that started it).
func (t *tb) variadicFrame(n cc.Node, what string) *frame {
	for fr := t.fr; fr != nil; fr = fr.caller {
		if fr.variadic {
			return fr
		}
	}
	t.b.fail(n, "unsupported: %s outside a variadic function", what)
	return nil
}

// vaBuiltin lowers va_start, va_end, va_copy and va_arg; ok is false
// for other names.
func (t *tb) vaBuiltin(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) (ok bool) {
	switch name {
	case "__builtin_va_start", "__builtin_va_end", "__builtin_va_copy":
		t.variadicFrame(x, name)
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: name})
		return true
	case "__builtin_va_arg_impl", "__builtin_va_arg":
		t.b.fail(x, "unsupported: va_arg (circ does not read variadic arguments one by one)")
	}
	return false
}

// readVaStrings lowers what a v* library function does through its
// va_list, not knowing the format: every char pointer among the
// innermost variadic call's arguments is read as a string up to its 0
// (%s), and every pointer to a wider integer may have a count stored
// through it (%n; a wide string, %ls, is taken as its first char, which
// the store covers).
func (t *tb) readVaStrings(c *libcCall, i int) {
	fr := t.variadicFrame(c.as[i], c.name)
	touched := false
	for _, a := range fr.va {
		elem := pointee(a.n.Type())
		if isArray(a.n.Type()) {
			elem = a.n.Type().(*cc.ArrayType).Elem()
		}
		if elem == nil || !isPtr(a.n.Type()) && !isArray(a.n.Type()) || !isInt(elem) || isLiteral(a.n) {
			continue
		}
		touched = true
		if elem.Size() == 1 {
			t.walkChars(charWalk{src: a.e, srcN: a.n, elem: elem, str: true}, c.p)
			continue
		}
		t.choose(c.p, arm{}, arm{cond: mkBin(cfa.Ne, a.e, num(0)), body: func() {
			t.update(t.atAddr(a.e, elem, a.n), false, func(v *cfa.Var) cfa.Expr {
				_, hi := t.b.rangeOf(elem)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: num(0), Hi: hi, Pos: c.p, Approx: true, Note: c.name + ": %n may store through it"})
				return nil
			})
		}})
	}
	if touched {
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: c.p, Approx: true, Note: c.name + ": reads every char pointer among the variadic arguments as a string and may store a count through every other integer pointer, which covers a wide string's first char only (circ does not know the format)"})
	}
}
