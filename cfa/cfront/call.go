package cfront

import (
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

func args(l *cc.ArgumentExpressionList) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for ; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// nondetTypes gives the types of the values __VERIFIER_nondet_X
// returns, by X, for programs that call these functions without
// declaring them.
var nondetTypes = map[string]cfa.IntType{
	"int": sInt(32), "long": sInt(64), "longlong": sInt(64), "short": sInt(16),
	"char": sInt(8), "schar": sInt(8), "uchar": uInt(8), "ushort": uInt(16),
	"uint": uInt(32), "unsigned": uInt(32), "ulong": uInt(64), "ulonglong": uInt(64),
	"size_t": uInt(64), "u32": uInt(32), "bool": uInt(1), "_Bool": uInt(1),
	"u8": uInt(8), "u16": uInt(16), "s8": sInt(8), "s16": sInt(16),
}

// declaredFunc reports whether the function that call designator n names
// is declared.
func declaredFunc(n cc.ExpressionNode) bool {
	pe, ok := strip(n).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d, ok := pe.ResolvedTo().(*cc.Declarator)
	return ok && d != nil && !d.IsSynthetic() // cc synthesizes an implicit declaration
}

func sInt(bits uint8) cfa.IntType { return cfa.IntType{Bits: bits, Signed: true} }
func uInt(bits uint8) cfa.IntType { return cfa.IntType{Bits: bits} }

func i64(v int64) *int64 { return &v }

// call lowers a function call.
func (t *tb) call(x *cc.PostfixExpression, want bool) cfa.Expr {
	p := t.b.pos(x)
	as := args(x.ArgumentExpressionList)
	name := t.funcDesignator(x.PostfixExpression)
	if name == "" {
		return t.indirectCall(x, as, want, p)
	}
	if v, ok := t.mcuCall(name, x, as, want, p); ok {
		return v
	}
	if v, ok := t.cancelCall(name, x, as, want, p); ok {
		return v
	}
	if v, ok := t.builtin(name, x, as, want, p); ok {
		return v
	}
	fd := t.b.funcs[name]
	if fd == nil {
		switch name {
		case "malloc", "calloc":
			return t.alloc(name, x, as, want, p)
		case "free":
			t.free(x, as, p)
			return zeroIf(want)
		case "realloc":
			return t.realloc(x, as, want, p)
		case "alloca", "__builtin_alloca":
			return t.stackAlloc(name, x, as, want, p)
		case "mmap":
			return t.mmap(x, as, want, p)
		case "munmap":
			return t.munmap(x, as, want, p)
		}
		t.unsupportedPrim(name, x)
		if v, ok := t.libc(name, x, as, want, p); ok {
			return v
		}
		return t.external(name, x, as, want, p)
	}
	return t.inline(fd, x, as, want, p)
}

// builtin lowers calls to the functions circ models; ok is false for
// other functions.
func (t *tb) builtin(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (v cfa.Expr, ok bool) {
	if t.b.funcs[name] == nil && t.vaBuiltin(name, x, as, p) {
		return zeroIf(want), true
	}
	if pr, ok := prims[name]; ok && t.b.funcs[name] == nil {
		return t.lowerPrim(name, pr, x, as, want, p), true
	}
	if t.b.funcs[name] == nil {
		if v, ok := t.atomicBuiltin(name, x, as, want, p); ok {
			return v, true
		}
	}
	switch {
	case strings.HasPrefix(name, "__VERIFIER_nondet_"):
		if t.b.funcs[name] != nil {
			return nil, false
		}
		t.nargs(x, name, as, 0)
		suffix := strings.TrimPrefix(name, "__VERIFIER_nondet_")
		// A declared function returns its declared type; the table
		// gives the type of one called undeclared (which cc reads as
		// returning int).
		var lo, hi cfa.Expr
		it, undeclared := nondetTypes[suffix]
		undeclared = undeclared && !declaredFunc(x.PostfixExpression)
		if undeclared {
			lo, hi = intRange(it)
		} else if isInt(x.Type()) {
			lo, hi = t.b.rangeOf(x.Type())
		} else {
			t.b.fail(x, "unsupported: %s returns %s", name, describe(x.Type()))
		}
		if !want {
			return nil, true
		}
		tmp := t.temp(x.Type())
		if undeclared {
			tmp.Int = it // the value has the table's type, not cc's int
		}
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: tmp, Lo: lo, Hi: hi, Pos: p, Note: name})
		return cfa.Ref{V: tmp}, true
	}
	switch name {
	case "__goblint_check", "__goblint_assert":
		// Goblint's checks (goblint.h) state what an analyzer should
		// prove; they do not stop the program. Their reads remain.
		if t.b.funcs[name] != nil {
			return nil, false
		}
		t.nargs(x, name, as, 1)
		t.discardRead(as[0], p)
		return zeroIf(want), true
	case "__VERIFIER_assume", "__goblint_assume":
		t.nargs(x, name, as, 1)
		c := t.intExpr(as[0])
		if k, ok := c.(cfa.Const); ok && k.Val != 0 {
			return zeroIf(want), true
		}
		t.add(&cfa.Edge{Kind: cfa.Assume, Cond: c, Pos: p})
		return zeroIf(want), true
	case "assert", "__VERIFIER_assert":
		if t.b.funcs[name] != nil {
			return nil, false
		}
		t.nargs(x, name, as, 1)
		okL, errL := t.newLoc(p), t.newLoc(p)
		d0 := t.d
		t.branch(as[0], okL, errL)
		t.cur, t.d = -1, d0
		t.place(errL, p)
		t.stop(cfa.Error, p, "assertion failed")
		t.d = d0
		t.place(okL, p)
		return zeroIf(want), true
	case "__assert_fail", "__assert_perror_fail", "__assert", "__assert_rtn", "reach_error", "__VERIFIER_error":
		note := name + "()"
		if strings.HasPrefix(name, "__assert") {
			note = "assertion failed"
			if len(as) > 0 {
				if s, ok := as[0].Value().(cc.StringValue); ok {
					note = "assertion failed: " + strings.TrimRight(string(s), "\x00")
				}
			}
		}
		t.stop(cfa.Error, p, note)
		return zeroIf(want), true
	case "abort", "exit", "_exit", "_Exit", "quick_exit", "pthread_exit", "thrd_exit":
		// The status is evaluated, and its reads done, before the
		// call stops anything.
		for _, a := range as {
			t.discardRead(a, p)
		}
		switch name {
		case "pthread_exit", "thrd_exit":
			t.exit(p)
		case "exit":
			t.runInitFuncs(t.b.dtors, true, p)
			if t.cur != -1 {
				t.stop(cfa.Halt, p, name+"()")
			}
		default:
			t.stop(cfa.Halt, p, name+"()")
		}
		return zeroIf(want), true
	case "__CIRC_handler_enter", "__CIRC_handler_exit", "__CIRC_await_no_handler":
		t.nargs(x, name, as, 0)
		t.add(&cfa.Edge{Kind: handlerBuiltins[name], Pos: p})
		return zeroIf(want), true
	case "__VERIFIER_atomic_begin", "__nesc_atomic_start":
		t.nargs(x, name, as, 0)
		t.atomicStep(1, p, name)
		return zeroIf(want), true
	case "__VERIFIER_atomic_end", "__nesc_atomic_end":
		for _, a := range as {
			if hasSE(a) {
				t.discardRead(a, p)
			}
		}
		t.atomicStep(-1, p, name)
		return zeroIf(want), true
	case "__builtin_expect":
		t.nargs(x, name, as, 2)
		v := t.intExpr(as[0])
		t.expr(as[1], false)
		return unless(want, v), true
	case "pthread_create", "pthread_create_N", "thrd_create":
		if t.b.funcs[name] != nil {
			return nil, false
		}
		fn, argN := 2, 3
		if name == "thrd_create" {
			t.nargs(x, name, as, 3)
			fn, argN = 1, 2
		} else {
			t.nargs(x, name, as, 4)
		}
		create := func() { t.withObjects(as[:1], func() { t.create(name, x, as, fn, argN, p) }) }
		if !want || name == "pthread_create_N" {
			create()
			return unless(want, num(0)), true
		}
		return t.createOrFail(name, as, create, p), true
	case "pthread_join", "pthread_join_N", "thrd_join", "__goblint_assume_join":
		if t.b.funcs[name] != nil {
			return nil, false
		}
		if name == "__goblint_assume_join" {
			// Goblint's assumption that t has ended: waiting for it
			// reaches the same states.
			t.nargs(x, name, as, 1)
		} else {
			t.nargs(x, name, as, 2)
		}
		var res *cfa.Var
		if want {
			res = t.temp(x.Type())
		}
		if inMemory(as[0]) && name != "pthread_join_N" {
			// A handle in memory (ids[i], w->tid): each cell it may be
			// joins its own variable, so that the driver knows the
			// template each waits for, and a handle of an instance circ
			// does not track waits for none.
			lv := t.lvalue(as[0])
			store := t.joinValue(name, as, p)
			t.access(lv, func(l *local) { t.selfJoin(ref(l.v), l.untracked, res, name == "thrd_join", p) })
			store()
			return unless(want, ref(res)), true
		}
		h := t.handleValue(as[0])
		store := func() {}
		if name != "pthread_join_N" {
			store = t.joinValue(name, as, p)
		}
		join := func() { t.selfJoin(h, false, res, name == "thrd_join", p) }
		if name == "pthread_join_N" {
			// Klever: joins the threads of a pthread_create_N; joining
			// any number of them (perhaps fewer than all) only adds
			// behaviours.
			t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: "pthread_join_N joins any number of the threads created"})
			t.loop(p, join)
			return zeroIf(want), true
		}
		join()
		store()
		return unless(want, ref(res)), true
	}
	return nil, false
}

func zeroIf(want bool) cfa.Expr {
	if want {
		return cfa.Const{Val: 0}
	}
	return nil
}

// addrOfVar resolves &v (possibly parenthesized or cast) to v's local.
func (t *tb) addrOfVar(n cc.ExpressionNode, what string) (*local, cc.Node) {
	if l := t.fixed[n]; l != nil {
		return l, n
	}
	if d, pe, path := addrArg(n); d != nil {
		l := t.lookup(d, pe)
		if l.bad != "" {
			t.b.fail(pe, "%s", l.bad)
		}
		if len(path) > 0 {
			u := stripCasts(n).(*cc.UnaryExpression)
			l = t.member(u.CastExpression)
		}
		if l.members != nil {
			t.b.fail(n, "unsupported: address of struct %s as a %s argument", describeLocal(l), what)
		}
		return l, pe
	}
	t.b.fail(n, "unsupported: %s argument must be &variable", what)
	return nil, nil
}

// handleArg resolves a creation's handle argument to the handle it
// writes, and says whether that is a stand-in for a handle circ does
// not track.
func (t *tb) handleArg(n cc.ExpressionNode) (h *cfa.Var, untracked bool) {
	l, _ := t.addrOfVar(n, "thread handle")
	if l.v.Kind != cfa.Handle {
		t.b.fail(n, "unsupported: %s is not a pthread_t", l.v.CName)
	}
	return l.v, l.untracked
}

// handleValue lowers a pthread_t value: a pthread_t variable, or an
// expression of type pthread_t (pthread_self()).
func (t *tb) handleValue(n cc.ExpressionNode) cfa.Expr {
	if l, what := t.namedObject(n); what != "" {
		if l.bad != "" {
			t.b.fail(n, "%s", l.bad)
		}
		if l.members != nil || l.v.Kind != cfa.Handle {
			t.b.fail(n, "unsupported: %s is not a pthread_t", what)
		}
		return cfa.Ref{V: l.v}
	}
	if t.b.syncTypeName(n.Type()) != "pthread_t" {
		t.b.fail(n, "unsupported: a thread handle must be a pthread_t variable or value")
	}
	return t.intExpr(n)
}

// namedObject resolves n when it names an object directly: a variable,
// or a member of a struct variable (s.f, s.a.b); what is n as C writes
// it, "" (and l nil) for any other expression.
func (t *tb) namedObject(n cc.ExpressionNode) (l *local, what string) {
	if pe, ok := strip(n).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		if d, ok := pe.ResolvedTo().(*cc.Declarator); ok {
			return t.lookup(d, pe), pe.Token.SrcStr()
		}
	}
	if _, path, ok := memberPath(n); ok && len(path) > 0 {
		return t.member(n), strings.Join(path, ".")
	}
	return nil, ""
}

// funcArg resolves an argument naming a function with a body (a thread
// start routine, a pthread_once routine).
func (t *tb) funcArg(n cc.ExpressionNode, what string) *cc.FunctionDefinition {
	name := t.funcDesignator(stripFuncCasts(n))
	if name == "" {
		t.b.fail(n, "unsupported: %s must be a named function", what)
	}
	fd := t.b.funcs[name]
	if fd == nil {
		t.b.fail(n, "call to undefined function %s (%s)", name, what)
	}
	return fd
}

// inline lowers a call to a function with a body by inlining it.
func (t *tb) inline(fd *cc.FunctionDefinition, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	name := fd.Declarator.Name()
	ft := t.prototype(fd, x)
	params := realParams(ft)
	if len(params) != len(as) && !(ft.IsVariadic() && len(as) > len(params)) {
		t.b.fail(x, "call to %s with %d argument(s), want %d", name, len(as), len(params))
	}
	ptypes := make([]cc.Type, len(params))
	for i, prm := range params {
		ptypes[i] = prm.Type()
	}
	vals := t.callArgs(name, ptypes, as[:len(params)], p)
	if ft.IsVariadic() {
		return t.enterVariadic(fd, x, vals, t.variadicArgs(name, as[len(params):], p), want, p)
	}
	return t.enter(fd, x, vals, want, p)
}

// prototype is fd's function type, which a call needs: circ inlines
// only prototyped, fixed-arity functions.
func (t *tb) prototype(fd *cc.FunctionDefinition, x cc.Node) *cc.FunctionType {
	name := fd.Declarator.Name()
	ft, _ := fd.Declarator.Type().(*cc.FunctionType)
	if ft == nil {
		t.b.fail(x, "unsupported: call to %s without a prototype", name)
	}
	return ft
}

// argVal is one evaluated argument: a scalar's value, or the copy of a
// struct argument a struct parameter starts as.
type argVal struct {
	e cfa.Expr
	s *lval
	// src is the expression whose type a void pointer parameter's
	// value has (the argument; for a library's callback, the pointer
	// it was given); nil for none.
	src cc.ExpressionNode
}

// callArgs evaluates a call's arguments in the caller, left to right,
// as values of the parameter types ptypes of callee name.
func (t *tb) callArgs(name string, ptypes []cc.Type, as []cc.ExpressionNode, p cfa.Pos) []argVal {
	vals := make([]argVal, len(as))
	for i, a := range as {
		pt := ptypes[i]
		vals[i].src = a
		switch {
		case isInt(pt) || isPtr(pt):
			vals[i].e = t.convert(a, t.intExpr(a), a.Type(), t.b.intType(pt))
		case isFloat(pt):
			if isFloat(a.Type()) {
				vals[i].e = t.intExpr(a)
			} else {
				t.toFloat(a, p)
				vals[i].e = t.floatValue(pt, "conversion to floating point: circ does not compute its value", p)
			}
		case t.b.isStruct(pt):
			// Copied now, as C evaluates the argument here: a later
			// argument's side effects must not reach the copy.
			vals[i].s = &lval{l: t.aggregateArg(a, p), typ: pt, n: a}
			continue
		default:
			if _, bad := t.b.classify(pt); bad == "" {
				t.b.fail(a, "unsupported: passing a synchronization object by value to %s", name)
			}
			t.b.fail(a, "unsupported: %s parameter %d of %s", describe(pt), i+1, name)
		}
		for _, later := range as[i+1:] {
			if hasSE(later) {
				vals[i].e = t.snapshot(vals[i].e, a.Type(), p)
				break
			}
		}
	}
	return vals
}

// enter inlines fd's body for a call with argument values vals. A
// struct parameter is a struct variable of the callee's frame that
// starts as a copy of its argument.
func (t *tb) enter(fd *cc.FunctionDefinition, x *cc.PostfixExpression, vals []argVal, want bool, p cfa.Pos) cfa.Expr {
	return t.enterVariadic(fd, x, vals, nil, want, p)
}

// enterVariadic is enter for a call with variadic arguments va (nil for
// a function that is not variadic).
func (t *tb) enterVariadic(fd *cc.FunctionDefinition, x *cc.PostfixExpression, vals []argVal, va []vaArg, want bool, p cfa.Pos) cfa.Expr {
	name := fd.Declarator.Name()
	if t.onStack(name) {
		if f := t.firstCopy(fd); f != nil && f.rec != nil {
			if _, bad, _ := t.b.effectsOf(fd); bad != "" {
				return t.callBack(f, x, vals, va, want, p)
			}
		}
		return t.recursiveCall(fd, x, vals, want, p)
	}
	locals0, objs0 := len(t.c.Locals), len(t.b.prog.Memory.Objects)
	ft := t.prototype(fd, x)
	params := realParams(ft)
	caller := t.fr
	fr := t.newFrame(fd, false)
	fr.caller, fr.va = caller, va
	fr.variadic = ft.IsVariadic()
	if u := t.allocUse(x); u.typ != nil && !isVoid(u.typ) {
		fr.alloc = &u
	}
	t.fr = fr
	t.stack = append(t.stack, name)
	for i, prm := range params {
		d := prm.Declarator
		if src := vals[i].s; src != nil {
			if d == nil || d.Name() == "" {
				continue // an unnamed struct parameter is never read
			}
			var l *local
			if t.b.inMemory(d) {
				l = t.stackObject(d, prm.Type())
			} else {
				l = t.structVar(d)
			}
			t.copyStruct(lval{l: l, typ: prm.Type(), n: d}, *src, d.Name(), p)
			continue
		}
		var l *local
		if d == nil || d.Name() == "" {
			l = t.newVar(nil, "param", cfa.Data, prm.Type())
		} else {
			l = t.declLocal(d, prm.Type())
		}
		rhs := t.fit(nil, l.v, vals[i].e, prm.Type())
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: l.v, RHS: rhs, Pos: p})
		if src := vals[i].src; d != nil && src != nil && isPtr(prm.Type()) && isVoid(pointee(prm.Type())) && !writes(fd.CompoundStatement, d, false) {
			if fr.given == nil {
				fr.given = map[*cc.Declarator]cc.ExpressionNode{}
			}
			fr.given[d] = src
		}
		if k, ok := t.constArg(rhs); ok && d != nil && !writes(fd.CompoundStatement, d, false) && !t.b.recursive(fd) {
			// A constant argument of a parameter the body never
			// writes: its value in this copy, for sizes (an
			// allocator's wrapper calls malloc(size)); a recursive
			// call may give it another (callBack).
			t.constParams[l.v] = k
			defer delete(t.constParams, l.v)
		}
	}
	rt := ft.Result()
	switch {
	case rt == nil || isVoid(rt):
	case isInt(rt) || isPtr(rt) || isFloat(rt):
		fr.ret = t.newVar(nil, "return", cfa.Data, rt).v
		t.b.stable[fr.ret] = true
	case t.b.isStruct(rt):
		fr.retStruct = t.structTemp(rt, name+"::return", p)
		t.structResults = append(t.structResults, structResult{x, fr.retStruct})
	default:
		t.b.fail(x, "unsupported: %s returns %s", name, describe(rt))
	}
	fr.retLoc = t.newLoc(p)
	atomic := isAtomicFn(name)
	d0 := t.d
	if atomic {
		t.atomicStep(1, p, name)
	}
	if t.b.recursive(fd) {
		fr.rec = t.beginRecursive(fd, locals0, objs0, p)
	}
	t.block(fd.CompoundStatement)
	t.jump(fr.retLoc, t.b.pos(endOf(fd.CompoundStatement)))
	t.cur = fr.retLoc
	if t.depth[fr.retLoc] == -1 {
		// The function never returns.
		t.cur = -1
		t.d = d0
		if atomic {
			t.d++
		}
	} else {
		t.d = t.depth[fr.retLoc]
	}
	if fr.rec != nil {
		t.returnToCalls(fr, p)
	}
	t.stack = t.stack[:len(t.stack)-1]
	t.fr = caller
	if atomic {
		t.atomicStep(-1, p, name)
	}
	if !want {
		return nil
	}
	if fr.ret == nil {
		t.b.fail(x, "unsupported: void value of %s used", name)
	}
	return cfa.Ref{V: fr.ret}
}

// handlerBuiltins are circ's built-ins for interrupt handlers
// (circ/tinyos.h): the edge each call becomes.
var handlerBuiltins = map[string]cfa.OpKind{
	"__CIRC_handler_enter":    cfa.HandlerEnter,
	"__CIRC_handler_exit":     cfa.HandlerExit,
	"__CIRC_await_no_handler": cfa.AwaitNoHandler,
}

// create lowers a thread creation whose object arguments (the handle,
// the attribute) withObjects resolved.
func (t *tb) create(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, fn, argN int, p cfa.Pos) {
	h, untracked := t.handleArg(as[0])
	if name != "thrd_create" && !isNull(as[1]) {
		// Attributes change nothing circ checks: only their reads
		// remain.
		if d, _, _ := addrArg(as[1]); d != nil {
			t.syncObj(as[1], name, "pthread_attr_t")
		} else {
			t.discardRead(as[1], p)
		}
	}
	arg := t.intExpr(as[argN])
	if t.funcDesignator(stripFuncCasts(as[fn])) == "" && !t.stableExpr(arg) {
		arg = t.snapshot(arg, as[argN].Type(), p)
	}
	call := t.routine(as[fn], "thread start routine", 1)
	create := func() {
		call(func(fd *cc.FunctionDefinition) {
			tmpl := t.b.template(fd)
			if untracked {
				tmpl = t.b.shadow(tmpl)
			}
			t.add(&cfa.Edge{Kind: cfa.Create, LHS: h, Template: tmpl, Arg: routineArg(fd, arg), Pos: p})
		})
	}
	create()
	if name == "pthread_create_N" {
		// Klever's environment model: any number of threads, at
		// least one; h holds the last one's id.
		t.loop(p, create)
	}
}

// createFailures are the values a failed thread creation returns:
// pthread_create's errors (EAGAIN: no resources; EINVAL, EPERM: an
// attribute the system refuses, which circ does not interpret) and
// C11's thrd_error and thrd_nomem (glibc's and musl's numbering).
var createFailures = map[string][]int64{
	"pthread_create": {11, 22, 1},
	"thrd_create":    {2, 3},
}

// createOrFail lowers a thread creation whose result the program uses:
// it may fail, as POSIX and C11 allow, with any of its error values,
// and then no thread starts, the arguments having been evaluated. A
// program that ignores the result is taken to have its threads (a
// failure there only removes one).
func (t *tb) createOrFail(name string, as []cc.ExpressionNode, create func(), p cfa.Pos) cfa.Expr {
	res := t.temp(nil)
	var fails []arm
	for _, code := range createFailures[name] {
		fails = append(fails, arm{body: func() { t.set(res, num(code), p) }})
	}
	t.choose(p,
		arm{body: func() {
			create()
			t.set(res, num(0), p)
		}},
		arm{body: func() {
			for _, a := range as {
				if d, _, _ := addrArg(a); d == nil && !isNull(a) && t.funcDesignator(stripFuncCasts(a)) == "" {
					t.discardRead(a, p)
				}
			}
			t.choose(p, fails...)
		}})
	return ref(res)
}

// joinValue evaluates the join's second argument, before the join as C
// evaluates it, and returns what stores the joined thread's value where
// it points, after the join. circ does not track that value: the
// joiner receives any value (a pointer it receives may point anywhere,
// and dereferencing it is rejected).
func (t *tb) joinValue(name string, as []cc.ExpressionNode, p cfa.Pos) (store func()) {
	if name == "__goblint_assume_join" || isNull(as[1]) {
		return func() {}
	}
	addr := t.outArg(as[1], p)
	return func() {
		v := t.temp(pointee(as[1].Type()))
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Pos: p, Approx: true, Note: name + ": the value the thread returned is not tracked"})
		t.storeIfNotNull(as[1], addr, ref(v), p)
	}
}

// inMemory reports whether n reads an object through memory: an
// element, a dereference, a member through a pointer.
func inMemory(n cc.ExpressionNode) bool {
	switch x := strip(n).(type) {
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionIndex || x.Case == cc.PostfixExpressionPSelect
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionDeref
	}
	return false
}

// routineArg is the argument a thread running fd receives: arg, or none
// when fd takes no parameter.
func routineArg(fd *cc.FunctionDefinition, arg cfa.Expr) cfa.Expr {
	if ft, _ := fd.Declarator.Type().(*cc.FunctionType); ft != nil && len(realParams(ft)) > 0 {
		return arg
	}
	return nil
}
