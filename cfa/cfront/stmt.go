package cfront

import (
	"fmt"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// tb lowers one thread template.
type tb struct {
	b     *builder
	c     *cfa.CFA
	depth []int // atomic depth of each location; -1 while unknown
	cur   int   // current location; -1 when unreachable
	d     int   // atomic depth at cur (kept when cur becomes unreachable)
	stack []string
	fr    *frame
	// frames counts the frames opened so far (frame.id).
	frames int
	// known holds the constant value of each counter of an unrolled
	// loop inside its body (unroll.go).
	known map[*cfa.Var]int64
	// constParams holds the parameters of the inlined calls being
	// lowered that keep a constant argument's value (constant).
	constParams map[*cfa.Var]int64
	// tls holds the template's copies of thread-local variables (by
	// objKey), tlsInit their initial values (tls.go).
	tls     map[any]*local
	tlsInit []tlsInit
	// asyncFrom are the locations from which the thread may be
	// cancelled at any step (cancel.go).
	asyncFrom []int
	// prim is the primitive being lowered (sync.go), if any.
	prim *pcall
	// fixed resolves the object arguments of the call being lowered
	// that are pointers, in one arm of withObjects.
	fixed map[cc.ExpressionNode]*local
	// order is the memory order the edges being added take (inside a
	// C11 atomic operation, atomicOp); pending and pendingFail are the
	// orders memoryOrder read for the next operation (NotAtomic:
	// seq_cst, the order of an operation that names none).
	order, pending, pendingFail cfa.MemoryOrder
	// registers are the thread's stand-ins for hardware registers
	// (mcu.go).
	registers map[any]*local
	// structResults are the struct return values of the calls being
	// lowered (structCall).
	structResults []structResult
	// jmpSites and longJumps are the thread's setjmps and longjmps
	// (setjmp.go).
	jmpSites  []jmpSite
	longJumps []longJump
}

// frame is one inline instance of a function.
type frame struct {
	fd   *cc.FunctionDefinition
	name string
	vars map[*cc.Declarator]*local
	// vlas are the variable-length arrays declared so far (vlaDecl).
	vlas map[*cc.Declarator]*vlaObject
	ret  *cfa.Var // receives the return value; nil for void functions
	// retStruct receives a struct return value (structResult).
	retStruct *local
	retLoc    int
	top       bool           // the template's own function: return exits the thread
	id        int            // numbers the template's frames (cfa.Var.Frame)
	roles     map[string]int // locals named so far, by C name (cfa.Var.Role)
	labels    map[string]int
	brk       []int
	cont      []int
	sw        []*switchCtx
	// alloc is what the call being inlined tells of the objects the
	// function allocates and returns as a pointer to void (allocUse),
	// nil when it tells nothing.
	alloc *allocUse
	// caller is the frame the call was inlined into (nil for the
	// template's own function).
	caller *frame
	// given maps each void pointer parameter the body never writes to
	// the argument expression the call passed, in the caller's frame
	// (typedSource).
	given map[*cc.Declarator]cc.ExpressionNode
	// variadic: a variadic function's frame, whose variadic arguments
	// are va (variadic.go).
	variadic bool
	va       []vaArg
	// rec is set on the first copy of a recursive function, which its
	// recursive calls jump back to (recursion.go).
	rec *recursiveFrame
}

type switchCtx struct {
	sel  *cc.SelectionStatement
	locs map[*cc.LabeledStatement]int
}

func (b *builder) buildTemplate(c *cfa.CFA, fd *cc.FunctionDefinition) {
	t := &tb{b: b, c: c, cur: -1, tls: map[any]*local{}, known: map[*cfa.Var]int64{}, constParams: map[*cfa.Var]int64{}}
	if fd == b.funcs["main"] {
		b.mainTB = t
	}
	entry := t.newLoc(c.Pos)
	t.setDepth(entry, 0, c.Pos)
	c.Entry = entry
	t.cur = entry
	fr := t.newFrame(fd, true)
	t.fr = fr
	t.stack = []string{fr.name}
	ft, _ := fd.Declarator.Type().(*cc.FunctionType)
	if ft == nil {
		b.fail(fd.Declarator, "unsupported: function %s has no prototype", fr.name)
	}
	params := realParams(ft)
	var argc *cfa.Var // main's first parameter
	for i, p := range params {
		d := p.Declarator
		if d == nil || d.Name() == "" {
			continue
		}
		pt := p.Type()
		switch {
		case fr.name == "main":
			l := t.declLocal(d, pt)
			switch {
			case l.v != nil && isArgv(i, pt) && argc != nil && !t.b.inMemory(d):
				t.argvParam(argc, l, b.pos(d))
			case l.v != nil && l.v.Kind == cfa.Data:
				lo, hi := t.b.rangeOf(pt)
				if i == 0 {
					lo, argc = cfa.Const{Val: 1}, l.v
				}
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: l.v, Lo: lo, Hi: hi, Pos: b.pos(d)})
			}
		case i == 0:
			if t.b.inMemory(d) {
				// The argument arrives in a plain local and is copied
				// into the parameter's object.
				arg := t.newVar(nil, d.Name(), cfa.Data, pt).v
				c.Param = arg
				l := t.stackObject(d, pt)
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: l.v, RHS: ref(arg), Pos: b.pos(d)})
				continue
			}
			l := t.declLocal(d, pt)
			if l.v != nil {
				c.Param = l.v
			}
		case b.unknownParams[c]:
			l := t.declLocal(d, pt)
			if l.v == nil || l.v.Kind != cfa.Data {
				b.fail(d, "unsupported: parameter %s of handler %s", d.Name(), fr.name)
			}
			if isPtr(pt) {
				t.kernelObject(l.v, pt, fr.name+"::*"+d.Name(), b.pos(d))
				continue
			}
			lo, hi := t.b.rangeOf(pt)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: l.v, Lo: lo, Hi: hi, Pos: b.pos(d), Note: "the library passes an unknown argument"})
		default:
			b.fail(d, "unsupported: thread function %s has more than one parameter", fr.name)
		}
	}
	if fr.name == "main" {
		t.startHandlers(b.pos(fd.Declarator))
		t.runInitFuncs(b.ctors, false, b.pos(fd.Declarator))
	}
	if h := b.mcu.handlerOf(c); h != nil {
		t.handlerPrologue(h, b.pos(fd.Declarator))
	}
	t.block(fd.CompoundStatement)
	if t.cur != -1 {
		t.ret(b.pos(endOf(fd.CompoundStatement)))
	}
	t.linkLongJumps()
	t.asyncCancellation()
	t.tlsPrologue()
}

func endOf(cs *cc.CompoundStatement) cc.Node {
	if cs == nil {
		return nil
	}
	return cs.Token2
}

// realParams returns the parameters of ft, without a lone void.
func realParams(ft *cc.FunctionType) []*cc.Parameter {
	var ps []*cc.Parameter
	for _, p := range ft.Parameters() {
		if p == nil || isVoid(p.Type()) {
			continue
		}
		ps = append(ps, p)
	}
	return ps
}

func (t *tb) newFrame(fd *cc.FunctionDefinition, top bool) *frame {
	t.frames++
	return &frame{fd: fd, name: fd.Declarator.Name(), vars: map[*cc.Declarator]*local{}, vlas: map[*cc.Declarator]*vlaObject{}, top: top, labels: map[string]int{}, retLoc: -1,
		id: t.frames, roles: map[string]int{}}
}

// ---- locations and edges ----

func (t *tb) newLoc(p cfa.Pos) int {
	// Passes after lowering may add locations behind the builder
	// (insertBefore); a deref site extended later still numbers its
	// own after them.
	for len(t.depth) < len(t.c.Locs) {
		t.depth = append(t.depth, -1)
	}
	t.depth = append(t.depth, -1)
	return t.c.NewLoc(false, p)
}

func (t *tb) setDepth(l, d int, p cfa.Pos) {
	switch t.depth[l] {
	case -1:
		t.depth[l] = d
		t.c.Locs[l].Atomic = d > 0
	case d:
	default:
		t.b.failAt(p, "atomic section not well nested: paths join with different atomic nesting")
	}
}

// at returns the current location, creating an (unreachable) one if the
// current point is unreachable.
func (t *tb) at(p cfa.Pos) int {
	if t.cur == -1 {
		t.cur = t.newLoc(p)
		t.setDepth(t.cur, t.d, p)
	}
	return t.cur
}

func (t *tb) link(from, to int, e *cfa.Edge, dTo int) {
	e.From, e.To = from, to
	if e.Order == cfa.NotAtomic {
		e.Order = t.order
	}
	t.setDepth(to, dTo, e.Pos)
	t.c.AddEdge(e)
	t.b.nedges++
	if t.b.nedges > maxEdges {
		t.b.failAt(e.Pos, "unsupported: program too large after inlining (more than %d edges)", maxEdges)
	}
}

// add appends e from the current location to a fresh one, which becomes
// current.
func (t *tb) add(e *cfa.Edge) {
	t.b.lastPos = e.Pos
	from := t.at(e.Pos)
	to := t.newLoc(e.Pos)
	t.link(from, to, e, t.d)
	t.cur = to
}

// atomicStep emits the Skip edge entering (delta 1) or leaving (delta -1)
// an atomic section.
func (t *tb) atomicStep(delta int, p cfa.Pos, note string) {
	if t.d+delta < 0 {
		t.b.failAt(p, "atomic section not well nested: %s outside an atomic section", note)
	}
	from := t.at(p)
	to := t.newLoc(p)
	t.link(from, to, &cfa.Edge{Kind: cfa.Skip, Pos: p, Note: note}, t.d+delta)
	t.d += delta
	t.cur = to
}

// jump ends the current path with a Skip edge to l.
func (t *tb) jump(l int, p cfa.Pos) {
	if t.cur != -1 {
		t.link(t.cur, l, &cfa.Edge{Kind: cfa.Skip, Pos: p}, t.d)
	}
	t.cur = -1
}

// place makes l the current location, falling through from the current
// path if it is reachable.
func (t *tb) place(l int, p cfa.Pos) {
	if t.cur == l {
		return
	}
	if t.cur != -1 {
		t.link(t.cur, l, &cfa.Edge{Kind: cfa.Skip, Pos: p}, t.d)
	}
	t.cur = l
	if t.depth[l] == -1 {
		t.setDepth(l, t.d, p)
	}
	t.d = t.depth[l]
}

// stop ends the current path with an edge of kind (Exit or Error) to a
// fresh final location.
func (t *tb) stop(kind cfa.OpKind, p cfa.Pos, note string) {
	from := t.at(p)
	to := t.newLoc(p)
	e := &cfa.Edge{Kind: kind, Pos: p, Note: note}
	e.From, e.To = from, to
	t.depth[to] = 0
	t.c.AddEdge(e)
	t.b.nedges++
	t.cur = -1
}

func (t *tb) exit(p cfa.Pos) { t.stop(cfa.Exit, p, "") }

// undefined ends the current path with undefined behaviour that note
// describes (cfa.Edge.Undefined): the engines cut the path there and
// report whether a run reaches it.
func (t *tb) undefined(p cfa.Pos, note string) {
	t.stop(cfa.Error, p, "undefined behaviour: "+note)
	t.c.Edges[len(t.c.Edges)-1].Undefined = true
}

// unmodelled ends the current path at a site where circ's model ends
// (cfa.Edge.Unmodelled), which note describes: no proof may assume
// that a run does not get there.
func (t *tb) unmodelled(p cfa.Pos, note string) {
	t.undefined(p, note)
	t.c.Edges[len(t.c.Edges)-1].Unmodelled = true
}

// ret returns from the thread's own function: main's return is exit(),
// which stops the whole program; any other thread exits.
func (t *tb) ret(p cfa.Pos) {
	if t.c.Index == 0 {
		t.runInitFuncs(t.b.dtors, true, p)
		if t.cur != -1 {
			t.stop(cfa.Halt, p, "return from main")
		}
		return
	}
	t.reti(p)
	t.exit(p)
}

// ---- variables ----

// newVar creates a fresh local for declarator d (or a temporary if d is nil).
func (t *tb) newVar(d *cc.Declarator, cname string, kind cfa.VarKind, typ cc.Type) *local {
	fn := ""
	if t.fr != nil {
		fn = t.fr.name
	} else {
		fn = t.c.Name
	}
	v := &cfa.Var{Name: t.b.unique(fn + "::" + cname), Kind: kind, CName: cname, Frame: -1}
	if t.fr != nil {
		v.Frame = t.fr.id
		v.Role = fmt.Sprintf("%s::%s/%d", fn, cname, t.fr.roles[cname])
		t.fr.roles[cname]++
	}
	if d != nil {
		v.Pos = t.b.pos(d)
	} else {
		v.Pos = t.b.lastPos
	}
	t.b.setType(v, typ)
	if typ != nil && isPtr(typ) {
		t.b.ptrLocals[v] = true
	}
	t.c.Locals = append(t.c.Locals, v)
	if d == nil && cname == "tmp" {
		t.b.single[v] = true
	}
	l := &local{v: v, typ: typ}
	if d != nil {
		t.fr.vars[d] = l
		l.sync, l.key = t.b.syncTypeName(typ), t.b.objKey(d)
		t.b.atomic[v] = t.b.isAtomicObject(d)
	}
	return l
}

// declLocal creates the local for declarator d of type typ, or records why
// it cannot be used.
func (t *tb) declLocal(d *cc.Declarator, typ cc.Type) *local {
	if t.b.inMemory(d) {
		return t.stackObject(d, typ)
	}
	if t.b.isStruct(typ) {
		l := &local{bad: "unsupported: struct variable " + d.Name() + " passed by value or declared where a jump skips it", typ: typ}
		t.fr.vars[d] = l
		return l
	}
	kind, bad := t.b.classify(typ)
	if bad != "" {
		l := &local{bad: "unsupported: " + bad + " variable " + d.Name(), typ: typ}
		t.fr.vars[d] = l
		return l
	}
	return t.newVar(d, d.Name(), kind, typ)
}

// temp creates a fresh temporary assigned once per evaluation.
func (t *tb) temp(typ cc.Type) *cfa.Var {
	l := t.newVar(nil, "tmp", cfa.Data, typ)
	t.b.stable[l.v] = true
	return l.v
}

// lookup resolves a variable use.
func (t *tb) lookup(d *cc.Declarator, use cc.Node) *local {
	if l := t.fr.vars[d]; l != nil {
		return l
	}
	if d.IsParam() {
		t.b.fail(use, "internal error: unbound parameter %s", d.Name())
	}
	if _, ok := plainVLA(d); ok {
		// Its uses go through vlaOf; this one does not.
		t.b.fail(use, "unsupported: variable-length array %s used here", d.Name())
	}
	if d.IsThreadLocal() {
		return t.threadLocal(d, nil)
	}
	if _, hw := t.b.mcu.registerOf(d); hw {
		return t.register(d)
	}
	if t.b.isFileScope(d) || d.IsExtern() {
		if t.b.gdecls[d.Name()] == nil {
			t.b.gdecls[d.Name()] = d
		}
		return t.b.global(d.Name())
	}
	if d.IsStatic() {
		return t.staticLocal(d, nil)
	}
	// A local whose declaration was jumped over.
	return t.declLocal(d, d.Type())
}

func (t *tb) staticLocal(d *cc.Declarator, init *cc.Initializer) *local {
	if l := t.b.statics[d]; l != nil {
		return l
	}
	name := t.b.unique(t.fr.name + "::" + d.Name())
	l := t.b.newStatic(d, name, d.Name(), init)
	t.b.statics[d] = l
	return l
}

// ---- statements ----

func (t *tb) block(cs *cc.CompoundStatement) {
	if cs == nil {
		return
	}
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		t.blockItem(l.BlockItem)
	}
}

func (t *tb) blockItem(it *cc.BlockItem) {
	if it == nil {
		return
	}
	switch it.Case {
	case cc.BlockItemDecl:
		t.decl(it.Declaration)
	case cc.BlockItemStmt:
		t.stmt(it.Statement)
	case cc.BlockItemLabel:
		t.b.fail(it.LabelDeclaration, "unsupported: local label declaration")
	case cc.BlockItemFuncDef:
		t.b.fail(it.Declarator, "unsupported: nested function")
	}
}

func (t *tb) decl(dn *cc.Declaration) {
	if dn == nil {
		return
	}
	switch dn.Case {
	case cc.DeclarationAssert:
		return
	case cc.DeclarationAuto:
		t.b.fail(dn, "unsupported: __auto_type declaration")
	}
	for il := dn.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
		id := il.InitDeclarator
		if id == nil || id.Declarator == nil {
			continue
		}
		d := id.Declarator
		name := d.Name()
		typ := d.Type()
		if d.IsTypename() || typ == nil || typ.Kind() == cc.Function || d.IsExtern() {
			continue
		}
		if d.IsThreadLocal() {
			t.threadLocal(d, id.Initializer) // a static thread-local: one copy per thread
			continue
		}
		if _, hw := t.b.mcu.registerOf(d); hw {
			continue // made where used (register)
		}
		if d.IsStatic() {
			if name == "__func__" || name == "__FUNCTION__" || name == "__PRETTY_FUNCTION__" {
				continue
			}
			l := t.staticLocal(d, id.Initializer)
			if l.bad != "" {
				t.b.fail(d, "%s", l.bad)
			}
			continue
		}
		if at, ok := plainVLA(d); ok {
			t.vlaDecl(d, at) // cc rejects an initializer
			continue
		}
		if t.b.inMemory(d) {
			l := t.fr.vars[d]
			if l == nil || l.obj == nil {
				l = t.stackObject(d, typ)
			}
			t.initObject(l, typ, id.Initializer, t.b.pos(d))
			continue
		}
		if t.b.isStruct(typ) {
			t.declStruct(d, id.Initializer)
			continue
		}
		kind, bad := t.b.classify(typ)
		if bad != "" {
			t.b.fail(d, "unsupported: %s variable %s", bad, name)
		}
		p := t.b.pos(d)
		var l *local
		if old := t.fr.vars[d]; old != nil {
			l = old // a declaration executed again (in a loop)
		} else {
			l = t.newVar(d, name, kind, typ)
		}
		v := l.v
		switch {
		case id.Initializer != nil:
			init := id.Initializer
			if l.sync != "" && kind != cfa.Handle {
				// A synchronization object's static initializer: its
				// initial state, and a mutex's kind.
				t.b.syncInit(v, l.sync, init, l.key)
				t.declaredSync(l, p)
				continue
			}
			if kind != cfa.Data {
				if init.Case != cc.InitializerExpr {
					t.b.fail(init, "unsupported: initializer list for %s", name)
				}
				e := t.expr(init.AssignmentExpression, true)
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: e, Pos: p})
				continue
			}
			for init.Case == cc.InitializerInitList {
				il := init.InitializerList
				if il == nil {
					init = nil
					break
				}
				if il.InitializerList != nil || il.Designation != nil {
					t.b.fail(init, "unsupported: initializer list for scalar %s", name)
				}
				init = il.Initializer
			}
			var e cfa.Expr = cfa.Const{Val: 0}
			if init != nil && init.AssignmentExpression != nil {
				t.b.convertsCall(init.AssignmentExpression, typ)
				e = t.fit(init, v, t.intExpr(init.AssignmentExpression), init.AssignmentExpression.Type())
			}
			t.assignTo(v, e, p)
		case kind == cfa.Data:
			lo, hi := t.b.rangeOf(typ)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: "uninitialized " + name})
		}
	}
}

func (t *tb) stmt(s *cc.Statement) {
	if s == nil {
		return
	}
	t.b.lastPos = t.b.pos(s)
	switch s.Case {
	case cc.StatementLabeled:
		t.labeled(s.LabeledStatement)
	case cc.StatementCompound:
		t.block(s.CompoundStatement)
	case cc.StatementExpr:
		if es := s.ExpressionStatement; es != nil && es.ExpressionList != nil && !t.fieldInitStmt(es) {
			t.expr(es.ExpressionList, false)
		}
	case cc.StatementSelection:
		t.selection(s.SelectionStatement)
	case cc.StatementIteration:
		t.iteration(s.IterationStatement)
	case cc.StatementJump:
		t.jumpStmt(s.JumpStatement)
	case cc.StatementAsm:
		t.asmStatement(s.AsmStatement.Asm, s)
	default:
		t.b.fail(s, "unsupported statement")
	}
}

func (t *tb) label(name string, p cfa.Pos) int {
	if l, ok := t.fr.labels[name]; ok {
		return l
	}
	l := t.newLoc(p)
	t.fr.labels[name] = l
	return l
}

func (t *tb) labeled(ls *cc.LabeledStatement) {
	if ls == nil {
		return
	}
	p := t.b.pos(ls)
	switch ls.Case {
	case cc.LabeledStatementLabel:
		t.place(t.label(ls.Token.SrcStr(), p), p)
	default:
		var l int = -1
		for i := len(t.fr.sw) - 1; i >= 0; i-- {
			if x, ok := t.fr.sw[i].locs[ls]; ok {
				l = x
				break
			}
		}
		if l == -1 {
			t.b.fail(ls, "unsupported: case label outside its switch")
		}
		t.place(l, p)
	}
	t.stmt(ls.Statement)
}

func (t *tb) selection(s *cc.SelectionStatement) {
	p := t.b.pos(s)
	switch s.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		thenL := t.newLoc(t.b.pos(s.Statement))
		var elseL int
		end := t.newLoc(p)
		if s.Case == cc.SelectionStatementIfElse {
			elseL = t.newLoc(t.b.pos(s.Statement2))
		} else {
			elseL = end
		}
		d0 := t.d
		t.branch(s.ExpressionList, thenL, elseL)
		t.cur, t.d = -1, d0
		t.place(thenL, p)
		t.stmt(s.Statement)
		if s.Case == cc.SelectionStatementIfElse {
			t.jump(end, p)
			t.d = d0
			t.place(elseL, p)
			t.stmt(s.Statement2)
		}
		t.place(end, p)
	case cc.SelectionStatementSwitch:
		t.switchStmt(s)
	}
}

func (t *tb) switchStmt(s *cc.SelectionStatement) {
	p := t.b.pos(s)
	v := t.intExpr(s.ExpressionList)
	if !t.stableExpr(v) && readsGlobal(v) {
		tmp := t.temp(s.ExpressionList.Type())
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: v, Pos: p})
		v = cfa.Ref{V: tmp}
	}
	head := t.at(p)
	d0 := t.d
	exit := t.newLoc(p)
	sw := &switchCtx{sel: s, locs: map[*cc.LabeledStatement]int{}}
	defaultL := exit
	var others []cfa.Expr
	// A case label converts to the promoted type of the controlling
	// expression.
	pt := cc.IntegerPromotion(t.b.canon(s.ExpressionList.Type()))
	label := func(n cc.ExpressionNode) cfa.Expr {
		return cfa.Const{Val: t.b.convertConst(t.constExpr(n), pt, n)}
	}
	for _, ls := range s.LabeledStatements() {
		if ls == nil || (ls.Switch() != nil && ls.Switch() != s) {
			continue
		}
		lp := t.b.pos(ls)
		l := t.newLoc(lp)
		sw.locs[ls] = l
		var cond cfa.Expr
		switch ls.Case {
		case cc.LabeledStatementCaseLabel:
			cond = mkBin(cfa.Eq, v, label(ls.ConstantExpression))
		case cc.LabeledStatementRange:
			lo, hi := label(ls.ConstantExpression), label(ls.ConstantExpression2)
			cond = mkBin(cfa.And, mkBin(cfa.Le, lo, v), mkBin(cfa.Le, v, hi))
		case cc.LabeledStatementDefault:
			defaultL = l
			continue
		default:
			continue
		}
		t.cur, t.d = head, d0
		t.assume(cond, l, lp)
		others = append(others, cond)
	}
	var def cfa.Expr = cfa.Const{Val: 1}
	for i, c := range others {
		if i == 0 {
			def = mkUn(cfa.Not, c)
		} else {
			def = mkBin(cfa.And, def, mkUn(cfa.Not, c))
		}
	}
	t.cur, t.d = head, d0
	t.assume(def, defaultL, p)
	t.cur = -1
	t.fr.sw = append(t.fr.sw, sw)
	t.fr.brk = append(t.fr.brk, exit)
	t.stmt(s.Statement)
	t.fr.sw = t.fr.sw[:len(t.fr.sw)-1]
	t.fr.brk = t.fr.brk[:len(t.fr.brk)-1]
	t.place(exit, p)
}

// assume emits "assume c" from the current location to l (a Skip edge if
// c is constantly true, nothing if it is constantly false).
func (t *tb) assume(c cfa.Expr, l int, p cfa.Pos) {
	if k, ok := c.(cfa.Const); ok {
		if k.Val != 0 {
			t.link(t.at(p), l, &cfa.Edge{Kind: cfa.Skip, Pos: p}, t.d)
		}
		return
	}
	t.link(t.at(p), l, &cfa.Edge{Kind: cfa.Assume, Cond: c, Pos: p}, t.d)
}

func (t *tb) constExpr(n cc.ExpressionNode) int64 {
	if n == nil {
		t.b.fail(n, "missing constant expression")
	}
	if !isInt(n.Type()) {
		t.b.fail(n, "unsupported: %s constant", describe(n.Type()))
	}
	v, ok := intValue(n.Value())
	if !ok {
		t.b.fail(n, "unsupported: not an integer constant")
	}
	return v
}

func (t *tb) iteration(s *cc.IterationStatement) {
	p := t.b.pos(s)
	switch s.Case {
	case cc.IterationStatementWhile:
		head := t.loopHead(p)
		body := t.newLoc(t.b.pos(s.Statement))
		exit := t.newLoc(p)
		t.branch(s.ExpressionList, body, exit)
		t.cur = -1
		t.place(body, p)
		t.loopBody(s.Statement, exit, head)
		t.jump(head, p)
		t.place(exit, p)
	case cc.IterationStatementDo:
		head := t.loopHead(p)
		cont := t.newLoc(t.b.pos(s.ExpressionList))
		exit := t.newLoc(p)
		t.loopBody(s.Statement, exit, cont)
		t.place(cont, p)
		t.branch(s.ExpressionList, head, exit)
		t.cur = -1
		t.place(exit, p)
	case cc.IterationStatementFor, cc.IterationStatementForDecl:
		if d, from, n, stride, ok := t.countingLoop(s); ok {
			t.unroll(s, d, from, n, stride)
			return
		}
		cond, next := s.ExpressionList2, s.ExpressionList3
		if s.Case == cc.IterationStatementForDecl {
			t.decl(s.Declaration)
			cond, next = s.ExpressionList, s.ExpressionList2
		} else if s.ExpressionList != nil {
			t.expr(s.ExpressionList, false)
		}
		head := t.loopHead(p)
		exit := t.newLoc(p)
		if cond != nil {
			body := t.newLoc(t.b.pos(s.Statement))
			t.branch(cond, body, exit)
			t.cur = -1
			t.place(body, p)
		}
		step := t.newLoc(p)
		t.loopBody(s.Statement, exit, step)
		t.place(step, p)
		if next != nil {
			t.expr(next, false)
		}
		t.jump(head, p)
		t.place(exit, p)
	}
}

// loopHead returns a location to jump back to: a fresh one, so that the
// loop's back edge does not merge with earlier code.
func (t *tb) loopHead(p cfa.Pos) int {
	h := t.newLoc(p)
	t.place(h, p)
	return h
}

func (t *tb) loopBody(s *cc.Statement, brk, cont int) {
	t.fr.brk = append(t.fr.brk, brk)
	t.fr.cont = append(t.fr.cont, cont)
	t.stmt(s)
	t.fr.brk = t.fr.brk[:len(t.fr.brk)-1]
	t.fr.cont = t.fr.cont[:len(t.fr.cont)-1]
}

func (t *tb) jumpStmt(s *cc.JumpStatement) {
	p := t.b.pos(s)
	fr := t.fr
	switch s.Case {
	case cc.JumpStatementGoto:
		t.jump(t.label(s.Token2.SrcStr(), p), p)
	case cc.JumpStatementGotoExpr:
		t.b.fail(s, "unsupported: computed goto")
	case cc.JumpStatementBreak:
		if len(fr.brk) == 0 {
			t.b.fail(s, "break outside a loop or switch")
		}
		t.jump(fr.brk[len(fr.brk)-1], p)
	case cc.JumpStatementContinue:
		if len(fr.cont) == 0 {
			t.b.fail(s, "continue outside a loop")
		}
		t.jump(fr.cont[len(fr.cont)-1], p)
	case cc.JumpStatementReturn:
		e := s.ExpressionList
		if fr.top {
			if e != nil {
				t.discardRead(e, p)
			}
			t.ret(p)
			return
		}
		if e != nil && fr.retStruct != nil {
			t.copyStruct(lval{l: fr.retStruct, typ: fr.retStruct.typ, n: e}, t.structRvalue(e), "the return value of "+fr.name, p)
		} else if e != nil {
			if fr.ret != nil {
				v := t.intExpr(e)
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: fr.ret, RHS: t.fit(e, fr.ret, v, e.Type()), Pos: p})
			} else {
				t.discardRead(e, p)
			}
		}
		t.jump(fr.retLoc, p)
	}
}

// discardRead evaluates e for its side effects and reads, discarding its
// value: a value that reads variables is assigned to a temporary so that
// the reads stay visible.
func (t *tb) discardRead(e cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	var v cfa.Expr
	switch {
	case isVoid(e.Type()):
		t.expr(e, false)
		return nil
	case isPtr(e.Type()):
		v = t.intExpr(e)
	default:
		v = t.expr(e, true)
	}
	t.keepRead(v, e.Type(), p)
	return v
}

// keepRead keeps the reads of v, a value of type typ that is not used,
// visible: a value that reads variables is assigned to a temporary.
func (t *tb) keepRead(v cfa.Expr, typ cc.Type, p cfa.Pos) {
	if _, ok := v.(cfa.Const); ok || v == nil {
		return
	}
	if r, ok := v.(cfa.Ref); ok && !r.V.Global {
		return
	}
	tmp := t.temp(typ)
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: v, Pos: p})
}

func isAtomicFn(name string) bool {
	return strings.HasPrefix(name, "__VERIFIER_atomic_") && name != "__VERIFIER_atomic_begin" && name != "__VERIFIER_atomic_end"
}
