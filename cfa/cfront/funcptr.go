package cfront

// Function pointers. A function's address is the base of its object
// (cfa.FuncObject); a call or a thread creation through a pointer value
// becomes a choice with one arm per function the program takes the
// address of and whose type fits, guarded by `value == &f`, as for a
// dereference (derefSite with fn set). The points-to analysis removes
// the arms for functions the value never holds; any other value (null,
// a data address, a function of another type) takes the error arm.

import (
	"sort"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// scanTakenFuncs finds the functions with a body that the program uses
// other than by calling them by name: the possible targets of calls
// through pointers.
func (b *builder) scanTakenFuncs() {
	b.takenFuncs = map[string]bool{}
	callees := map[*cc.PrimaryExpression]bool{}
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		if x, ok := n.(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionCall {
			if pe, ok := strip(x.PostfixExpression).(*cc.PrimaryExpression); ok {
				callees[pe] = true
			}
		}
		pe, ok := n.(*cc.PrimaryExpression)
		if !ok || pe.Case != cc.PrimaryExpressionIdent || callees[pe] {
			return true
		}
		if d, ok := pe.ResolvedTo().(*cc.Declarator); ok && isFunc(d.Type()) && b.funcs[d.Name()] != nil {
			b.takenFuncs[d.Name()] = true
		}
		return true
	})
}

// funcChoice lowers a use of the function pointer value fv (the source
// n): one arm per function whose address the program takes and which
// fits takes (its type), each lowered by body, and an
// error arm for every other value (or, when lenient, an arm that does
// nothing: a library need not call what it is given).
func (t *tb) funcChoice(fv cfa.Expr, n cc.Node, lenient bool, fits func(ft *cc.FunctionType) bool, body func(fd *cc.FunctionDefinition)) {
	if readsGlobal(fv) {
		fv = t.snapshot(fv, nil, t.b.pos(n))
	}
	site := &derefSite{addr: fv, fn: true, pos: t.b.pos(n), text: nodeText(n), lenient: lenient}
	byAddr := map[int64]*cc.FunctionDefinition{}
	names := make([]string, 0, len(t.b.takenFuncs))
	for name := range t.b.takenFuncs {
		names = append(names, name)
	}
	sort.Strings(names)
	var targets []int64
	for _, name := range names {
		fd := t.b.funcs[name]
		ft, _ := fd.Declarator.Type().(*cc.FunctionType)
		if ft == nil || ft.IsVariadic() || !fits(ft) || t.onStack(name) {
			// A function being inlined gets no arm: if the
			// pointer may hold it, settle rejects the call.
			continue
		}
		a := t.b.funcObject(name, t.b.pos(fd.Declarator)).Base
		byAddr[a] = fd
		targets = append(targets, a)
	}
	if k, ok := fv.(cfa.Const); ok && byAddr[k.Val] != nil {
		body(byAddr[k.Val]) // a function designator: no choice
		return
	}
	site.body = func(a int64) { body(byAddr[a]) }
	t.choice(site, targets, site.text+" is no function circ can call here")
}

// indirectCall lowers a call through a function pointer.
func (t *tb) indirectCall(x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	callee := x.PostfixExpression
	// (*fp)(...) calls what fp points to, as fp(...) does.
	if u, ok := strip(callee).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref && isPtr(u.CastExpression.Type()) {
		callee = u.CastExpression
	}
	ft, _ := pointee(callee.Type()).(*cc.FunctionType)
	if ft == nil {
		t.b.fail(x, "unsupported: call of %s, which is no function pointer", nodeText(callee))
	}
	fv := t.intExpr(callee)
	ptypes := make([]cc.Type, len(as))
	params := realParams(ft)
	for i, a := range as {
		ptypes[i] = a.Type()
		if i < len(params) {
			ptypes[i] = params[i].Type()
		}
	}
	vals := t.callArgs(nodeText(callee), ptypes, as, p)
	var res *cfa.Var
	if want {
		if rt := ft.Result(); rt == nil || !(isInt(rt) || isPtr(rt)) {
			t.b.fail(x, "unsupported: %s value of a call through %s", describe(rt), nodeText(callee))
		}
		res = t.temp(ft.Result())
	}
	// A function whose result is of another kind than the pointer's
	// (none, an integer, a pointer), called for its value, gets no arm:
	// the call is undefined behaviour (C11 6.5.2.2p9), which the error
	// arm takes. The number of parameters must match.
	fits := func(f *cc.FunctionType) bool {
		return len(realParams(f)) == len(as) && (!want || sameResultKind(f.Result(), ft.Result()))
	}
	t.funcChoice(fv, callee, false, fits, func(fd *cc.FunctionDefinition) {
		if v := t.enter(fd, x, vals, want, p); res != nil {
			t.set(res, v, p)
		}
	})
	if res == nil {
		return nil
	}
	return ref(res)
}

// sameResultKind reports whether function results of types a and b are
// of one kind: none, an integer, a pointer, a floating-point number,
// or compatible structs.
func sameResultKind(a, b cc.Type) bool {
	switch {
	case a == nil || isVoid(a):
		return b == nil || isVoid(b)
	case b == nil || isVoid(b):
		return false
	case isInt(a), isPtr(a), isFloat(a):
		return isInt(a) == isInt(b) && isPtr(a) == isPtr(b) && isFloat(a) == isFloat(b)
	}
	return a.IsCompatible(b)
}

// routine evaluates n, the function argument of a primitive (a thread
// start routine, a pthread_once routine), now, as C evaluates every
// argument before the call; the function it returns lowers body for the
// function n names: the function itself, or each function its value may
// hold that takes at most maxParams parameters. The primitive's own
// steps go between the two, and may call the routine on some paths only.
func (t *tb) routine(n cc.ExpressionNode, what string, maxParams int) (call func(body func(fd *cc.FunctionDefinition))) {
	if name := t.funcDesignator(stripFuncCasts(n)); name != "" {
		fd := t.funcArg(n, what)
		return func(body func(fd *cc.FunctionDefinition)) { body(fd) }
	}
	if pt := pointee(n.Type()); pt == nil || !(isFunc(pt) || isVoid(pt)) {
		t.b.fail(n, "unsupported: %s must be a function", what)
	}
	fv := t.snapshot(t.intExpr(n), n.Type(), t.b.pos(n))
	return func(body func(fd *cc.FunctionDefinition)) {
		t.funcChoice(fv, n, false, func(ft *cc.FunctionType) bool { return len(realParams(ft)) <= maxParams }, body)
	}
}

// stripFuncCasts removes casts and & around a function designator.
func stripFuncCasts(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch x := strip(n).(type) {
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				n = x.CastExpression
				continue
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionAddrof {
				n = x.CastExpression
				continue
			}
		}
		return n
	}
}

// onStack reports whether function name is being inlined.
func (t *tb) onStack(name string) bool {
	for _, s := range t.stack {
		if s == name {
			return true
		}
	}
	return false
}
