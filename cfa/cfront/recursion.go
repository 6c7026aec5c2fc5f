package cfront

import (
	"sort"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// This file approximates a recursive call, which inlining cannot
// unfold. circ summarizes the callee by its effects: the globals that
// it, and every function it calls, read and write by name. The call
// evaluates its arguments, then runs any number of steps, each a read
// of one of those globals or a write of any value to one the code
// writes, and may instead end the program where the code may (exit,
// abort); its result is any value. Every access the recursion makes
// is among these steps, in any order and as often, so a proof covers
// it; each step is an approximation the report lists. Code the summary
// cannot describe is rejected: an access through a pointer, a call
// through one, a static local, a synchronization or thread primitive,
// a library call given a pointer.

// recursionEffects is what a recursive function's code does, by name.
type recursionEffects struct {
	reads, writes map[*cc.Declarator]bool // the globals it reads, writes
	halts         bool                    // it may end the program
	exits         bool                    // by exit, which runs the destructors first
}

// effectsOf collects the effects of fd and of every function it calls
// (directly); bad is the reason code cannot be summarized, with the
// node, or "".
func (b *builder) effectsOf(fd *cc.FunctionDefinition) (eff recursionEffects, bad string, at cc.Node) {
	eff = recursionEffects{reads: map[*cc.Declarator]bool{}, writes: map[*cc.Declarator]bool{}}
	seen := map[*cc.FunctionDefinition]bool{}
	queue := []*cc.FunctionDefinition{fd}
	for len(queue) > 0 && bad == "" {
		f := queue[0]
		queue = queue[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		Walk(f.CompoundStatement, func(n any, stack []any) bool {
			if bad != "" {
				return false
			}
			switch x := n.(type) {
			case *cc.Asm:
				// Its operands are read, its outputs written
				// (asm.go); cc reads an operand as a call.
				parts, ok := splitAsm(x)
				if !ok {
					bad, at = "inline assembly circ cannot read", x
					return false
				}
				for _, e := range append(parts.outputs, parts.inputs...) {
					d := identOf(e)
					switch {
					case d == nil:
						bad, at = "an asm operand other than a variable", e
					case b.isFileScope(d) || d.IsExtern():
						eff.reads[d] = true
						eff.writes[d] = true
					}
				}
				return false
			case *cc.Declarator:
				if x.IsStatic() && !isFunc(x.Type()) && !strings.HasPrefix(x.Name(), "__") { // not cc's __func__
					bad, at = "a static local", x
				}
			case *cc.PrimaryExpression:
				if x.Case != cc.PrimaryExpressionIdent {
					return true
				}
				d, ok := x.ResolvedTo().(*cc.Declarator)
				if !ok || isFunc(d.Type()) || !(b.isFileScope(d) || d.IsExtern()) {
					return true
				}
				if b.syncTypeName(d.Type()) != "" {
					bad, at = "a synchronization object", x
					return false
				}
				eff.reads[d] = true
				if writtenAt(x, stack) {
					eff.writes[d] = true
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionDeref:
					bad, at = "an access through a pointer", x
				case cc.UnaryExpressionAddrof:
					if !isFunc(x.CastExpression.Type()) {
						bad, at = "an address taken", x
					}
				}
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionPSelect:
					bad, at = "an access through a pointer", x
				case cc.PostfixExpressionIndex:
					if !isArray(x.PostfixExpression.Type()) {
						bad, at = "an access through a pointer", x
					}
				case cc.PostfixExpressionCall:
					call, pe := directCall(x)
					if call == nil {
						bad, at = "a call through a pointer", x
						return false
					}
					name := pe.Token.SrcStr()
					if g := b.funcs[name]; g != nil {
						queue = append(queue, g)
						return true
					}
					switch {
					case name == "exit" || name == "abort" || name == "_exit" || name == "__assert_fail" || name == "assert" || name == "reach_error":
						eff.halts = true
						eff.exits = eff.exits || name == "exit"
					case isConcurrencyAPI(name):
						bad, at = "the concurrency primitive "+name, x
					default:
						for _, a := range args(x.ArgumentExpressionList) {
							if t := a.Type(); isPtr(t) && !isLiteral(a) || isArray(t) {
								bad, at = "a pointer given to "+name, a
							}
						}
					}
				}
			}
			return bad == ""
		})
	}
	return eff, bad, at
}

// isConcurrencyAPI reports whether name is a function of the threads,
// synchronization or atomics APIs.
func isConcurrencyAPI(name string) bool {
	if _, ok := prims[name]; ok {
		return true
	}
	for _, p := range []string{"pthread_", "sem_", "thrd_", "mtx_", "cnd_", "tss_", "atomic_", "__atomic", "__sync", "__VERIFIER_atomic", "__CIRC_", "__nesc_atomic"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// writtenAt reports whether identifier n, whose ancestors are stack,
// is written there: the left operand of an assignment, the operand of
// ++ or --, or the base of a member or element so written.
func writtenAt(n any, stack []any) bool {
	child := n
	for i := len(stack) - 1; i >= 0; i, child = i-1, stack[i] {
		switch s := stack[i].(type) {
		case *cc.PostfixExpression:
			switch s.Case {
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				return true
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPrimary:
				continue // a member of it: as the whole is used
			case cc.PostfixExpressionIndex:
				if child == any(s.PostfixExpression) {
					continue // an element of it
				}
			}
			return false
		case *cc.UnaryExpression:
			switch s.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				return true
			case cc.UnaryExpressionPostfix:
				continue
			}
			return false
		case *cc.PrimaryExpression:
			continue
		case *cc.AssignmentExpression:
			if s.Case == cc.AssignmentExpressionCond {
				continue
			}
			return child == any(s.UnaryExpression)
		default:
			return false
		}
	}
	return false
}

// recursiveCall lowers call x of fd, which fd's own code (or code it
// calls) is inlining: its effects (recursionEffects), any number of
// times.
func (t *tb) recursiveCall(fd *cc.FunctionDefinition, x *cc.PostfixExpression, vals []argVal, want bool, p cfa.Pos) cfa.Expr {
	name := fd.Declarator.Name()
	eff, bad, at := t.b.effectsOf(fd)
	if bad != "" {
		t.b.fail(at, "unsupported: recursive call to %s, whose code has %s (circ summarizes recursion by the globals it reads and writes)", name, bad)
	}
	for _, v := range vals {
		if v.s != nil {
			t.b.fail(x, "unsupported: recursive call to %s with a struct argument", name)
		}
	}
	note := "recursive call to " + name + ": any number of reads and writes of the globals its code uses"
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: note})
	var cells []*cfa.Var // every cell of the globals read
	written := map[*cfa.Var]bool{}
	for _, d := range sortedDecls(eff.reads) {
		for _, v := range t.globalCells(t.lookup(d, x), x) {
			if ct := t.b.cellTyp[v]; eff.writes[d] && (isPtr(ct) || ct == nil && isPtr(d.Type())) {
				t.b.fail(x, "unsupported: recursive call to %s, whose code writes pointer %s", name, v.CName)
			}
			cells = append(cells, v)
			written[v] = eff.writes[d]
		}
	}
	var steps []arm
	for _, v := range cells {
		steps = append(steps, arm{body: func() {
			tmp := t.temp(t.b.cellTyp[v])
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: ref(v), Pos: p, Approx: true, Note: note})
		}})
		if written[v] {
			steps = append(steps, arm{body: func() {
				lo, hi := intRange(v.Int)
				if v.Bool {
					lo, hi = num(0), num(1)
				}
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
			}})
		}
	}
	if eff.halts {
		steps = append(steps, arm{body: func() { t.stop(cfa.Halt, p, note+" (it may end the program)") }})
	}
	if eff.exits && len(t.b.dtors) > 0 {
		steps = append(steps, arm{body: func() {
			t.runInitFuncs(t.b.dtors, true, p)
			if t.cur != -1 {
				t.stop(cfa.Halt, p, note+" (it may call exit)")
			}
		}})
	}
	if len(steps) > 0 {
		t.loop(p, func() { t.choose(p, steps...) })
	}
	if !want {
		return nil
	}
	rt := fd.Declarator.Type().(*cc.FunctionType).Result()
	if rt == nil || isVoid(rt) {
		t.b.fail(x, "unsupported: void value of %s used", name)
	}
	return t.anyOf(rt, t.b.intType(rt), note, p, false)
}

// globalCells lists the data cells of global l: a scalar's variable,
// a struct's fields, an object's cells in memory.
func (t *tb) globalCells(l *local, n cc.Node) []*cfa.Var {
	switch {
	case l.bad != "":
		t.b.fail(n, "%s", l.bad)
	case l.obj != nil:
		var out []*cfa.Var
		for _, v := range l.obj.Cells {
			if v.Kind != cfa.Data || t.b.atomic[v] {
				t.b.fail(n, "unsupported: recursive code reaches %s, which is no plain data", v.CName)
			}
			out = append(out, v)
		}
		return out
	case l.members != nil:
		var out []*cfa.Var
		for _, m := range l.members {
			out = append(out, t.globalCells(m.l, n)...)
		}
		return out
	}
	if l.v.Kind != cfa.Data || t.b.atomic[l.v] {
		t.b.fail(n, "unsupported: recursive code reaches %s, which is no plain data", l.v.CName)
	}
	return []*cfa.Var{l.v}
}

// sortedDecls is the declarators of set in name order.
func sortedDecls(set map[*cc.Declarator]bool) []*cc.Declarator {
	out := make([]*cc.Declarator, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// A recursive function whose code the summary above cannot describe
// (it accesses memory through pointers, calls the library with them) is
// lowered instead as the loop its recursion is: a recursive call
// assigns the parameters of the copy being inlined (the first one, F)
// and jumps back to its start; its return goes on, when calls are
// pending (F's depth counter), after any of the recursive call sites,
// where the caller's locals are lost (the callee's runs wrote them):
// every integer local of F's code, and every cell of the objects its
// code keeps in memory, takes any value there. A run of the program is
// a run of this loop with those values, so a proof covers it; which
// call site a return goes back to is an approximation the report lists.
// What the merged frames could confuse is rejected (checkRecursions):
// a pointer local still used after a recursive call returns, the
// address of a local object held anywhere but in a local of the code
// (a parameter of F, a global, memory), a variadic argument of a
// recursive call that points to memory other than strings no one
// writes (the merged code reads the first call's).

// recursiveFrame is what the first copy F of a recursive function
// keeps for the calls back to it.
type recursiveFrame struct {
	fd      *cc.FunctionDefinition
	entry   int      // the start of F's body, after its parameters
	d       int      // the atomic depth there
	depth   *cfa.Var // the recursive calls pending
	locals  int      // len(t.c.Locals) when F was entered: its code's locals follow
	setjmps int      // builder.setjmps then
	objs    int      // len(Memory.Objects) then: its code's objects in memory follow
	calls   []*recursiveReturn
	// passed marks the parameters some recursive call may give another
	// value than the one they hold (invariant).
	passed map[int]bool
	// dropped are the variadic arguments the merged code does not
	// read where it should (checkRecursions).
	dropped []vaArg
	// firstLoc and firstEdge are len(c.Locs) and len(c.Edges) when F
	// was entered: its code's locations and edges follow.
	firstLoc, firstEdge int
	firstDeref          int // len(builder.derefs) then: its code's dereferences follow
}

// recursiveReturn is a recursive call site: where its caller goes on
// (k) and what receives the callee's result (res, nil when unused).
type recursiveReturn struct {
	k   int
	res *cfa.Var
	pos cfa.Pos
	// kept are the locals its return does not havoc, dead after it
	// when the code was lowered (checkRecursions checks they stay so).
	kept []*cfa.Var
}

// recursionCheck is what checkRecursions checks of one first copy,
// once the program is lowered.
type recursionCheck struct {
	name    string
	c       *cfa.CFA
	calls   []*recursiveReturn
	ptrs    []*cfa.Var // the pointer locals and cells of its code, which no return havocs
	lost    []*cfa.Var // the others, which every return havocs
	locals  map[*cfa.Var]bool
	params  map[*cfa.Var]bool
	objs    []*cfa.Object
	dropped []vaArg
	// returns: the function's code may return (not every path ends in
	// abort or exit); where it never does, no code runs after a
	// recursive call, so no use there can confuse the merged frames.
	returns bool
}

// recursive reports whether fd may call itself: through direct calls,
// or through a call through a pointer or a library function given one
// (ftw's visitor, qsort's comparison), which may run any function whose
// address the program takes.
func (b *builder) recursive(fd *cc.FunctionDefinition) bool {
	if r, ok := b.recursiveFns[fd]; ok {
		return r
	}
	seen := map[*cc.FunctionDefinition]bool{}
	found := false
	var visit func(f *cc.FunctionDefinition)
	visit = func(f *cc.FunctionDefinition) {
		switch {
		case found || f == nil:
		case f == fd:
			found = true
		case !seen[f]:
			seen[f] = true
			b.callees(f, visit)
		}
	}
	b.callees(fd, visit)
	b.recursiveFns[fd] = found
	return found
}

// callees runs visit on each function f's code may call: by name, and,
// where it calls through a pointer or gives the library a function,
// every function whose address the program takes.
func (b *builder) callees(f *cc.FunctionDefinition, visit func(*cc.FunctionDefinition)) {
	taken := false
	Walk(f.CompoundStatement, func(n any, _ []any) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok || x.Case != cc.PostfixExpressionCall {
			return true
		}
		_, pe := directCall(x)
		if pe == nil {
			taken = true
			return true
		}
		if g := b.funcs[pe.Token.SrcStr()]; g != nil {
			visit(g)
			return true
		}
		for _, a := range args(x.ArgumentExpressionList) {
			taken = taken || isFunc(a.Type()) || isFunc(pointee(a.Type()))
		}
		return true
	})
	if taken {
		names := make([]string, 0, len(b.takenFuncs))
		for name := range b.takenFuncs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			visit(b.funcs[name])
		}
	}
}

// beginRecursive starts the body of fd's first copy, whose locals
// start at locals and objects at objs: a fresh location the recursive
// calls jump back to.
func (t *tb) beginRecursive(fd *cc.FunctionDefinition, locals, objs int, p cfa.Pos) *recursiveFrame {
	r := &recursiveFrame{fd: fd, locals: locals, objs: objs, passed: map[int]bool{}, firstLoc: len(t.c.Locs), firstEdge: len(t.c.Edges), firstDeref: len(t.b.derefs)}
	r.depth = t.newVar(nil, "recursion", cfa.Data, nil).v
	t.set(r.depth, num(0), p)
	r.setjmps = t.b.setjmps
	r.entry = t.newLoc(p)
	t.place(r.entry, p)
	r.d = t.d
	return r
}

// callBack lowers a recursive call x of fd, whose first copy is being
// inlined in frame f, as a jump back to the copy's start.
func (t *tb) callBack(f *frame, x *cc.PostfixExpression, vals []argVal, va []vaArg, want bool, p cfa.Pos) cfa.Expr {
	r, name := f.rec, f.name
	params := realParams(f.fd.Declarator.Type().(*cc.FunctionType))
	switch {
	case t.d != r.d:
		t.b.fail(x, "unsupported: recursive call to %s inside an atomic section its first call is not in", name)
	case isAtomicFn(name):
		t.b.fail(x, "unsupported: recursive call to the atomic function %s", name)
	case f.retStruct != nil:
		t.b.fail(x, "unsupported: recursive call to %s, which returns a struct", name)
	}
	tmps := make([]*cfa.Var, len(params))
	for i, prm := range params {
		d := prm.Declarator
		if vals[i].s != nil || d != nil && t.b.inMemory(d) {
			t.b.fail(x, "unsupported: recursive call to %s with a parameter in memory or a struct parameter", name)
		}
		if d == nil || d.Name() == "" {
			continue
		}
		if g := f.given[d]; g != nil && (vals[i].src == nil || !stripCasts(vals[i].src).Type().IsCompatible(stripCasts(g).Type())) {
			// The first call's argument types the parameter (typedSource).
			t.b.fail(x, "unsupported: recursive call to %s with another type of pointer for %s than the first call's %s", name, d.Name(), describeC(g.Type()))
		}
		if t.fr != f || vals[i].src == nil || identOf(stripCasts(vals[i].src)) != d {
			r.passed[i] = true
		}
		tmps[i] = t.temp(prm.Type())
		t.set(tmps[i], vals[i].e, p)
	}
	for i, prm := range params {
		if tmps[i] != nil {
			l := f.vars[prm.Declarator]
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: l.v, RHS: t.fit(nil, l.v, ref(tmps[i]), prm.Type()), Pos: p})
		}
	}
	// The variadic arguments the merged code reads are the first
	// call's: this call's, and those of the variadic functions between,
	// whose va_list it may be given, are not read.
	r.dropped = append(r.dropped, va...)
	for g := t.fr; g != f && g != nil; g = g.caller {
		r.dropped = append(r.dropped, g.va...)
	}
	t.set(r.depth, mkBin(cfa.Add, ref(r.depth), num(1)), p)
	t.jump(r.entry, p)
	k := t.newLoc(p)
	t.setDepth(k, t.d, p)
	t.cur = k
	call := &recursiveReturn{k: k, pos: p}
	if want {
		rt := f.fd.Declarator.Type().(*cc.FunctionType).Result()
		if rt == nil || isVoid(rt) || f.ret == nil {
			t.b.fail(x, "unsupported: void value of %s used", name)
		}
		call.res = t.temp(rt)
	}
	r.calls = append(r.calls, call)
	if call.res == nil {
		return nil
	}
	return ref(call.res)
}

// returnToCalls lowers, at the return of fd's first copy f (the current
// location), the returns of the recursive calls pending: each goes on
// after any of the call sites, with the locals of the code, and the
// cells of its objects in memory, holding any values.
func (t *tb) returnToCalls(f *frame, p cfa.Pos) {
	r := f.rec
	if len(r.calls) == 0 {
		return
	}
	if t.b.setjmps != r.setjmps {
		// A longjmp back into the code would resume a copy with
		// another copy's locals.
		t.b.failAt(p, "unsupported: recursive function %s calls setjmp", f.name)
	}
	chk := &recursionCheck{name: f.name, c: t.c, calls: r.calls, locals: map[*cfa.Var]bool{}, params: map[*cfa.Var]bool{}, dropped: r.dropped}
	// A parameter the code never writes and every recursive call
	// passes on as it is holds the first call's value in every copy.
	invariant := map[*cfa.Var]bool{}
	for i, prm := range realParams(f.fd.Declarator.Type().(*cc.FunctionType)) {
		if d := prm.Declarator; d != nil && f.vars[d] != nil && f.vars[d].v != nil && !r.passed[i] && !writes(f.fd.CompoundStatement, d, false) {
			invariant[f.vars[d].v] = true
		}
	}
	var lost []*cfa.Var
	for _, v := range t.c.Locals[r.locals:] {
		chk.locals[v] = true
		switch {
		case v == r.depth || v == f.ret || invariant[v]:
		case t.b.ptrLocals[v]:
			chk.ptrs = append(chk.ptrs, v)
		case v.Kind != cfa.Data && v.Kind != cfa.Handle:
			// A lock's state is no value to lose: the copies would
			// share it.
			t.b.failAt(p, "unsupported: recursive function %s has %s, which is no plain data", f.name, v.CName)
		default:
			lost = append(lost, v)
		}
	}
	named := len(lost) // lost[:named] are locals by name, the rest cells in memory
	for _, prm := range realParams(f.fd.Declarator.Type().(*cc.FunctionType)) {
		if l := f.vars[prm.Declarator]; prm.Declarator != nil && l != nil && l.v != nil {
			chk.params[l.v] = true
		}
	}
	for _, o := range t.b.prog.Memory.Objects[r.objs:] {
		if o.Kind != cfa.StackObject || o.Owner != t.c {
			continue
		}
		for _, v := range o.Cells {
			switch {
			case v.Kind != cfa.Data || t.b.atomic[v]:
				t.b.failAt(p, "unsupported: recursive function %s keeps %s in memory, which is no plain data", f.name, v.CName)
			case isPtr(t.b.cellTyp[v]):
				chk.ptrs = append(chk.ptrs, v)
			default:
				lost = append(lost, v)
			}
		}
		chk.objs = append(chk.objs, o)
	}
	chk.lost = lost
	chk.returns = t.cur != -1
	t.b.recursions = append(t.b.recursions, chk)
	if t.cur == -1 {
		return // it never returns: the calls do not either
	}
	note := "return of a recursive call to " + f.name + ": to any call site pending, whose caller's locals hold any values"
	// A local no path from a call site reads before writing it keeps
	// whatever value unseen (an assertion's call followed by a loop
	// forever reads none): only the live ones lose theirs. Cells in
	// memory are all lost: their reads through pointers are not
	// resolved yet. Nor are the arms settle may add to a dereference
	// (extendDerefs), whose bodies may read any local: everything is
	// live where one starts.
	var open []int
	for _, s := range t.b.derefs[r.firstDeref:] {
		open = append(open, s.from)
	}
	live := cfa.LiveIn(t.c.Edges[r.firstEdge:], r.firstLoc, len(t.c.Locs)-r.firstLoc, lost[:named], open)
	var back []arm
	for _, call := range r.calls {
		back = append(back, arm{body: func() {
			t.add(&cfa.Edge{Kind: cfa.Skip, Pos: call.pos, Approx: true, Note: note})
			for i, v := range lost {
				if i < named && !live.Has(call.k, i) {
					call.kept = append(call.kept, v)
					continue
				}
				var lo, hi cfa.Expr // a thread handle: any
				switch {
				case v.Bool:
					lo, hi = num(0), num(1)
				case v.Kind == cfa.Data:
					lo, hi = intRange(v.Int)
				}
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: call.pos, Note: note})
			}
			if call.res != nil {
				t.set(call.res, ref(f.ret), call.pos)
			}
			t.jump(call.k, call.pos)
		}})
	}
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(r.depth), num(0))},
		arm{cond: mkBin(cfa.Gt, ref(r.depth), num(0)), body: func() {
			t.set(r.depth, mkBin(cfa.Sub, ref(r.depth), num(1)), p)
			t.choose(p, back...)
			t.cur = -1 // every return went back to its call site
		}})
}

// checkRecursions rejects, once the program is lowered, what the
// merged frames of a recursive function's copies could confuse (see
// callBack); r is the points-to analysis, nil when the program has no
// memory.
func (b *builder) checkRecursions(r *pointsto.Result) {
	for _, chk := range b.recursions {
		// A pointer keeps its value over a return, which may be the
		// callee's; an integer that may hold an address loses it
		// (the havoc holds no address): neither may be used after.
		kept := chk.ptrs
		for _, v := range chk.lost {
			if r != nil && !r.Values(v).Empty() {
				kept = append(kept, v)
			}
		}
		if !chk.returns {
			kept = nil
		}
		live := chk.c.Live(kept)
		for _, call := range chk.calls {
			for i, v := range kept {
				if live.Has(call.k, i) {
					b.failAt(call.pos, "unsupported: recursive call to %s, after which its caller still uses %s, which may hold an address (circ merges the calls' frames)", chk.name, v.CName)
				}
			}
		}
		// The locals a return keeps were dead when the code was
		// lowered; code added since (settle's passes) must not read them.
		for _, call := range chk.calls {
			if len(call.kept) == 0 {
				continue
			}
			live := chk.c.Live(call.kept)
			for i, v := range call.kept {
				if live.Has(call.k, i) {
					b.failAt(call.pos, "unsupported: recursive call to %s, after which code circ added later reads %s, which its return keeps (circ merges the calls' frames)", chk.name, v.CName)
				}
			}
		}
		if r == nil {
			continue
		}
		in := map[*cfa.Object]bool{}
		for _, o := range chk.objs {
			in[o] = true
		}
		holds := func(v *cfa.Var) *cfa.Object {
			vals := r.Values(v)
			for _, a := range vals.All() {
				if o, _ := b.prog.Memory.Find(a); o != nil && in[o] {
					return o
				}
			}
			return nil
		}
		if len(in) > 0 {
			for _, v := range b.prog.Globals {
				if o := holds(v); o != nil {
					b.failAt(chk.calls[0].pos, "unsupported: recursive function %s keeps %s in memory, whose address %s holds (circ merges the calls' frames)", chk.name, o.Name, v.CName)
				}
			}
			for _, c := range b.prog.Templates {
				for _, v := range c.Locals {
					if chk.locals[v] && !chk.params[v] {
						continue
					}
					if o := holds(v); o != nil {
						b.failAt(chk.calls[0].pos, "unsupported: recursive function %s keeps %s in memory, whose address %s holds (circ merges the calls' frames)", chk.name, o.Name, v.CName)
					}
				}
			}
		}
		for _, a := range chk.dropped {
			if !isPtr(a.n.Type()) && !isArray(a.n.Type()) {
				continue
			}
			for _, addr := range r.Eval(a.e).All() {
				if o, _ := b.prog.Memory.Find(addr); o != nil && o.Kind != cfa.StringObject && o != b.libStrings && o.Kind != cfa.FuncObject {
					b.failAt(chk.calls[0].pos, "unsupported: recursive call to %s with variadic argument %s, which points to %s (circ reads the first call's variadic arguments)", chk.name, nodeText(a.n), o.Name)
				}
			}
			if r.Eval(a.e).Top {
				b.failAt(chk.calls[0].pos, "unsupported: recursive call to %s with variadic argument %s, which may point anywhere", chk.name, nodeText(a.n))
			}
		}
	}
}

// firstCopy is the frame inlining fd's first copy, nil if none.
func (t *tb) firstCopy(fd *cc.FunctionDefinition) *frame {
	for f := t.fr; f != nil; f = f.caller {
		if f.fd == fd {
			return f
		}
	}
	return nil
}
