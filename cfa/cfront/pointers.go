package cfront

// Lvalues, addresses and dereferences (see memory.go for the layout).

import (
	"fmt"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// lval is a C lvalue: a known object (a variable, a field, an element at
// a constant index), or the address of one when it is known only at run
// time.
type lval struct {
	l    *local
	addr cfa.Expr // when l is nil: a stable expression
	typ  cc.Type
	n    cc.Node
	// arg: n is the pointer a builtin (a synchronization primitive,
	// an atomic builtin) takes its object through, not an lvalue; the
	// builtin's access is atomic whatever the object's type.
	arg bool
}

// ref is the value of a variable lvalue, nil for one in memory.
func (lv lval) ref() cfa.Expr {
	if lv.l == nil {
		return nil
	}
	return ref(lv.l.v)
}

// derefSite is one choice on a run-time address (an access through a
// pointer, a free): an arm per target address, guarded by `addr ==
// target`, and an arm for every other value. The points-to analysis
// later checks that every address it may see has an arm (extend adds
// the arms for objects lowered after the site), removes the arms it
// never sees, and rebuilds the last arm's guard from the rest.
type derefSite struct {
	addr  cfa.Expr
	typ   cc.Type // the cells' type; nil for free (targets are blocks)
	pos   cfa.Pos
	text  string
	cells map[int64]bool // the addresses with an arm
	err   *cfa.Edge      // the last arm's guard
	// Where the choice starts and joins, its atomic depth, and how an
	// arm's body is lowered, so that extend can add arms.
	t          *tb
	from, join int
	depth      int
	body       func(a int64)
	// nullOK: null is a valid value (free(0)), not an error.
	nullOK bool
	// lenient: every value without an arm (null, dangling, past an
	// object) does nothing instead of stopping the program: the site
	// is what a library may do with a pointer it receives, and a
	// library need not dereference it.
	lenient bool
	// library: the site is an undefined function's reach through a
	// pointer argument (extern.go); it reaches whole objects, from one
	// past the end too.
	library bool
	// fn: the targets are functions (a call through a pointer), all
	// armed when the site is lowered.
	fn bool
	// anyType: a library's reach through a pointer circ cannot type
	// (Options.HavocUnknown): every cell of every object fits, and
	// settle arms the site with those the points-to analysis finds.
	anyType bool
	// plainView names the access when its lvalue has a plain type as
	// written (lvalueAtomicity); checkDerefs rejects the site if it may
	// reach an atomic cell ("" otherwise). atomicView names it when its
	// lvalue has an _Atomic type; the site is rejected if it may reach
	// a plain cell.
	plainView, atomicView string
	// untracked lowers the arm for a cell of a summary object's
	// untracked instances (extern.go); nil where no summary may be
	// reached.
	untracked func(a int64)
	// misread, for a read of an integer, lowers the arm for a cell of
	// another type in a library's object o (nil: an instance circ does
	// not track): the program reads the library's memory through
	// another struct than the one circ lays it out as (a struct
	// sockaddr as a sockaddr_in). Its value is any, and the read
	// touches every cell of the object. nil where such a read is an
	// error.
	misread func(o *cfa.Object)
	// checked: extendDerefs has asked for the site's missing arms,
	// when the points-to analysis was at version checkedAt and the
	// error arm's location was reachable or not (checkedReach); the
	// answer changes only with the values of addrVars, the variables
	// of addr, or with that reachability.
	checked      bool
	checkedAt    int
	checkedReach bool
	addrVars     []*cfa.Var
}

// choice emits the choice of site over the targets, each lowered by
// site.body, and the error arm with message msg.
func (t *tb) choice(site *derefSite, targets []int64, msg string) {
	p := site.pos
	site.t, site.from, site.depth = t, t.at(p), t.d
	site.join = t.newLoc(p)
	site.cells = map[int64]bool{}
	for _, a := range targets {
		site.extend(a)
	}
	if site.nullOK {
		site.arm(mkBin(cfa.Eq, site.addr, num(0)), 0, func() {})
	}
	site.arm(num(1), 0, func() {
		site.err = t.c.Edges[len(t.c.Edges)-1]
		if !site.lenient {
			t.undefined(p, msg)
		}
	})
	t.cur, t.d = -1, site.depth
	t.place(site.join, p)
	t.b.derefs = append(t.b.derefs, site)
}

// extend adds the arm for target a: for a cell of a summary object, one
// for its tracked instance and one for the others.
func (s *derefSite) extend(a int64) {
	s.cells[a] = true
	o, i := s.t.b.prog.Memory.Find(a)
	if s.misreads(o, i) {
		if o.Summary() {
			s.arm(trackedGuard(o, s.addr, a), a, func() { s.misread(o) })
			s.arm(untrackedGuard(o, s.addr, a), a, func() { s.misread(nil) })
			return
		}
		s.arm(mkBin(cfa.Eq, s.addr, num(a)), a, func() { s.misread(o) })
		return
	}
	if o != nil && s.typ == nil && o.Block != nil {
		// free() of a block of a site that allocates more than once.
		tracked, untracked := blockStarts(o, s.addr)
		s.arm(tracked, a, func() { s.body(a) })
		s.arm(untracked, a, func() { s.untracked(a) })
		return
	}
	if o == nil || !o.Summary() || (s.typ == nil && o.Elements()) {
		// free() of an element summary takes its start: the whole
		// block.
		s.arm(mkBin(cfa.Eq, s.addr, num(a)), a, func() { s.body(a) })
		return
	}
	if s.untracked == nil {
		s.t.b.failAt(s.pos, "unsupported: %s may point to %s, memory of a library circ summarizes", s.text, o.CellName(int(a-o.Base)))
	}
	if s.library && o.Elements() {
		s.extendBlock(o, a)
		return
	}
	s.arm(trackedGuard(o, s.addr, a), a, func() { s.body(a) })
	s.arm(untrackedGuard(o, s.addr, a), a, func() { s.untracked(a) })
}

// misreads reports whether site s reads cell i of object o, a library's,
// as another type than the cell's (derefSite.misread).
func (s *derefSite) misreads(o *cfa.Object, i int) bool {
	return s.misread != nil && o != nil && o.Kind == cfa.ExternObject && i < len(o.Cells) && !compatible(s.t.b, s.t.b.cellTyp[o.Cells[i]], s.typ)
}

// extendBlock adds, for a library's reach, the arms for cell a of
// element summary o: the library reaches the whole block from any
// element of it (write(fd, p, n) over a count known at run time), so
// where the pointer is at cell a of any element of the block holding
// the tracked element, one past its end included, it reaches the
// tracked element whole; at cell a of an element of another block,
// only untracked elements. Each arm keeps its target a, the cell the
// points-to analysis says the pointer may hold.
func (s *derefSite) extendBlock(o *cfa.Object, a int64) {
	inBlock := inTrackedBlock(o, s.addr, true)
	at := inInstances(o, s.addr, a)
	s.arm(mkBin(cfa.And, at, inBlock), a, func() { s.body(a) })
	s.arm(mkBin(cfa.And, at, cfa.Unary{Op: cfa.Not, X: inBlock}), a, func() { s.untracked(a) })
}

// arm adds one arm: `assume cond`, then body, then the join. A target
// (non-zero) is the address cond requires of the site's pointer.
func (s *derefSite) arm(cond cfa.Expr, target int64, body func()) {
	t := s.t
	cur, d := t.cur, t.d
	l := t.newLoc(s.pos)
	e := &cfa.Edge{Kind: cfa.Assume, Cond: cond, Pos: s.pos}
	t.link(s.from, l, e, s.depth)
	if target != 0 {
		t.b.arms[e] = pointsto.Arm{Addr: s.addr, Target: target, Past: s.library}
	}
	t.cur, t.d = l, s.depth
	body()
	t.jump(s.join, s.pos)
	t.cur, t.d = cur, d
}

// lvalue resolves the lvalue n.
func (t *tb) lvalue(n cc.ExpressionNode) lval {
	s := strip(n)
	switch x := s.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			d, ok := x.ResolvedTo().(*cc.Declarator)
			if !ok || d.Type() == nil || d.Type().Kind() == cc.Function {
				t.b.fail(x, "unsupported: %s is not an object", x.Token.SrcStr())
			}
			if v := t.vlaOf(x); v != nil {
				return t.atAddr(ref(v.ptr), d.Type(), x)
			}
			if lv, ok := t.tlsLvalue(d, x); ok {
				return lv
			}
			l := t.lookup(d, x)
			if l.bad != "" {
				t.b.fail(x, "%s", l.bad)
			}
			return lval{l: l, typ: d.Type(), n: x}
		}
		if x.Case == cc.PrimaryExpressionString || x.Case == cc.PrimaryExpressionLString {
			return lval{addr: num(t.b.literal(x).Base), typ: x.Type(), n: x}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return t.lvalue(x.PrimaryExpression)
		case cc.PostfixExpressionCall:
			if t.b.isStruct(x.Type()) {
				return t.structCall(x) // f().m
			}
		case cc.PostfixExpressionSelect:
			base := t.lvalue(x.PostfixExpression)
			name := x.Token2.SrcStr()
			if base.l != nil {
				if base.l.members == nil {
					t.b.fail(x, "unsupported: member access %s on %s", name, describe(base.typ))
				}
				f := base.l.field(name)
				if f == nil {
					t.b.fail(x, "unsupported: member %s", name)
				}
				if f.bad != "" {
					t.b.fail(x, "%s", f.bad)
				}
				return lval{l: f, typ: t.declaredType(x), n: x}
			}
			off, f := t.b.fieldOffset(base.typ, name, x)
			return t.atAddr(mkBin(cfa.Add, base.addr, num(off)), f.Type(), x)
		case cc.PostfixExpressionPSelect:
			ptr := t.expr(x.PostfixExpression, true)
			pt := pointee(x.PostfixExpression.Type())
			off, f := t.b.fieldOffset(pt, x.Token2.SrcStr(), x)
			return t.atAddr(mkBin(cfa.Add, ptr, num(off)), f.Type(), x)
		case cc.PostfixExpressionIndex:
			an, in := cc.ExpressionNode(x.PostfixExpression), x.ExpressionList
			if isInt(an.Type()) {
				an, in = in, an // i[a]
			}
			var base cfa.Expr
			if isArray(t.declaredType(an)) {
				base = t.addrOf(t.lvalue(an))
			} else {
				base = t.expr(an, true)
			}
			if hasSE(in) {
				base = t.snapshot(base, an.Type(), t.b.pos(x))
			}
			idx := t.intExpr(in)
			et := pointee(an.Type())
			var k int64
			if isArray(an.Type()) {
				k = t.cellStride(et, x) // a char array's own elements
			} else {
				k = t.stride(et, an, base)
			}
			addr := t.subscript(an, base, idx, k)
			if !isArray(an.Type()) {
				t.moved(an, base, addr)
			}
			return t.atAddr(addr, et, x)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return t.lvalue(x.PostfixExpression)
		case cc.UnaryExpressionDeref:
			ptr := t.expr(x.CastExpression, true)
			if l := t.addressedRegister(x, ptr); l != nil {
				return lval{l: l, typ: pointee(x.CastExpression.Type()), n: x}
			}
			return t.atAddr(ptr, pointee(x.CastExpression.Type()), x)
		}
	}
	t.expr(s, true) // the most precise error for other expressions
	t.b.fail(n, "unsupported: assignment target")
	return lval{}
}

// subscript is the address base + idx*k of an element of the array an
// designates, or that an points into: every sum of a pointer and a
// variable index the front end builds goes through here. When an is
// an array (not a pointer) of known length, the points-to analysis
// learns that the sum stays inside it: C makes an index outside
// [0, len] undefined, even where the address would be another member's
// cell. A struct's last member may run to its object's end (the
// "struct hack"). The analysis knows a sum by its shape, so a shape
// built twice with different bounds (a pointer's index, or two arrays
// at one offset of one pointer) keeps none.
func (t *tb) subscript(an cc.ExpressionNode, base, idx cfa.Expr, k int64) cfa.Expr {
	addr := mkBin(cfa.Add, base, mkBin(cfa.Mul, idx, num(k)))
	sum, isSum := addr.(cfa.Binary)
	if _, constIdx := idx.(cfa.Const); !isSum || constIdx {
		return addr
	}
	var bound pointsto.Subscript // none
	if at, ok := t.declaredType(an).(*cc.ArrayType); ok && at.Len() > 0 && !at.IsVLA() {
		bound = pointsto.Subscript{Len: at.Len(), Stride: k, ToEnd: lastMember(an)}
	}
	if old, seen := t.b.subs[sum]; seen && old != bound {
		bound = pointsto.Subscript{}
	}
	t.b.subs[sum] = bound
	return addr
}

// lastMember reports whether n selects the last member of its struct.
func lastMember(n cc.ExpressionNode) bool {
	x, ok := strip(n).(*cc.PostfixExpression)
	if !ok || (x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect) {
		return false
	}
	st := x.PostfixExpression.Type()
	if x.Case == cc.PostfixExpressionPSelect {
		st = pointee(st)
	}
	s, ok := fieldsOf(st)
	if !ok || st.Kind() == cc.Union {
		return false
	}
	for i := s.NumFields() - 1; i >= 0; i-- {
		if f := s.FieldByIndex(i); f != nil && f.Name() != "" {
			return f.Name() == x.Token2.SrcStr()
		}
	}
	return false
}

// declaredType is the type of expression n before an array decays: cc
// gives a member of array type (s.a, p->a) its decayed pointer type.
func (t *tb) declaredType(n cc.ExpressionNode) cc.Type {
	x, ok := strip(n).(*cc.PostfixExpression)
	if !ok || (x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect) {
		return n.Type()
	}
	st := x.PostfixExpression.Type()
	if x.Case == cc.PostfixExpressionPSelect {
		st = pointee(st)
	}
	if !t.b.isStruct(st) {
		return n.Type()
	}
	if _, f := t.b.fieldOffset(st, x.Token2.SrcStr(), x); isArray(f.Type()) {
		return f.Type()
	}
	return n.Type()
}

// pointee is the type a pointer type points to.
func pointee(t cc.Type) cc.Type {
	if pt, ok := t.(*cc.PointerType); ok {
		return pt.Elem()
	}
	if at, ok := t.(*cc.ArrayType); ok {
		return at.Elem()
	}
	return nil
}

// atAddr is the lvalue n of type typ at address addr: the cell itself
// when addr is constant and names a scalar cell.
func (t *tb) atAddr(addr cfa.Expr, typ cc.Type, n cc.Node) lval {
	return t.lvalAt(addr, typ, n, false)
}

// atAddrArg is atAddr for the object a builtin reaches through its
// pointer argument n (lval.arg).
func (t *tb) atAddrArg(addr cfa.Expr, typ cc.Type, n cc.Node) lval {
	return t.lvalAt(addr, typ, n, true)
}

func (t *tb) lvalAt(addr cfa.Expr, typ cc.Type, n cc.Node, arg bool) lval {
	if k, ok := addr.(cfa.Const); ok && !t.b.isStruct(typ) && typ.Kind() != cc.Array {
		// A summary's cell is one element or instance only where its
		// tracked one is: its accesses stay choices on the address.
		if o, i := t.b.prog.Memory.Find(k.Val); o != nil && !o.Summary() && i < len(o.Cells) {
			ci := t.b.cells[o.Cells[i]]
			if compatible(t.b, t.b.cellTyp[o.Cells[i]], typ) {
				if ci.l.bad != "" {
					t.b.fail(n, "%s", ci.l.bad)
				}
				if !arg {
					plain, atomic := t.b.views(n)
					if msg := viewMismatch(t.b.atomic[o.Cells[i]], o.CellName(i), plain, atomic); msg != "" {
						t.b.fail(n, "%s", msg)
					}
				}
				return lval{l: ci.l, typ: typ, n: n, arg: arg}
			}
		}
	}
	if readsGlobal(addr) {
		addr = t.snapshot(addr, nil, t.b.pos(n))
	}
	return lval{addr: addr, typ: typ, n: n, arg: arg}
}

// views names lvalue n when, as written, its type is plain (plain) or
// _Atomic (atomic), for viewMismatch; both are "" when circ cannot tell.
func (b *builder) views(n cc.Node) (plain, atomic string) {
	if e, ok := n.(cc.ExpressionNode); ok {
		switch b.lvalueAtomicity(e, 0) {
		case atomicNo:
			return nodeText(n), ""
		case atomicYes:
			return "", nodeText(n)
		}
	}
	return "", ""
}

// viewMismatch is the error for an access whose lvalue, as written,
// disagrees with the atomicity of the cell name it reaches (atomic), or
// "". A plain lvalue (a pointer declared `int *`, a member of a plain
// struct type) on an _Atomic object: C makes the access undefined and
// gcc compiles it as a plain access, so reading it as atomic could hide
// a race. An _Atomic lvalue on a plain object (`(atomic_int *)&g`, a
// block allocated as `int`): gcc compiles an atomic access, which circ,
// reading the object as plain, would report as racing.
func viewMismatch(atomic bool, name, plainView, atomicView string) string {
	switch {
	case atomic && plainView != "":
		return fmt.Sprintf("unsupported: atomic object %s accessed through %s, whose type is not _Atomic (the access is undefined)", name, plainView)
	case !atomic && atomicView != "":
		return fmt.Sprintf("unsupported: plain object %s accessed through %s, whose type is _Atomic (declare or allocate the object as _Atomic)", name, atomicView)
	}
	return ""
}

// addrOf is the address of lvalue lv.
func (t *tb) addrOf(lv lval) cfa.Expr {
	if lv.l == nil {
		return lv.addr
	}
	if o := lv.l.obj; o != nil && o.Elements() {
		return num(o.Base) // an array summary (arraySummary)
	}
	first := lv.l
	for first.members != nil {
		if len(first.members) == 0 {
			t.b.fail(lv.n, "unsupported: address of an empty struct")
		}
		first = first.members[0].l
	}
	ci := t.b.cells[first.v]
	if first.v == nil || ci == nil {
		t.b.fail(lv.n, "unsupported: address of a variable circ keeps out of memory (thread-local or register)")
	}
	return num(ci.obj.Addr(ci.idx))
}

// compatible reports whether a cell of type ct may be accessed through an
// lvalue of type lt: integers of one size, pointers, or one
// synchronization type.
func compatible(b *builder, ct, lt cc.Type) bool {
	if ct == nil || lt == nil {
		return false
	}
	cs, ls := b.syncTypeName(ct), b.syncTypeName(lt)
	if cs != "" || ls != "" {
		return cs == ls
	}
	switch {
	case isInt(ct) && isInt(lt):
		return ct.Size() == lt.Size() && (ct.Kind() == cc.Bool) == (lt.Kind() == cc.Bool)
	case isPtr(ct) && isPtr(lt):
		return true
	case isFloat(ct) && isFloat(lt):
		return ct.Kind() == lt.Kind() // float, double, long double (and complex ones)
	}
	return false
}

// access runs body on each cell lv may designate, in the arms of a
// choice on lv's address; an address that designates no cell of lv's
// type stops the program with a runtime error. For a known object, body
// runs once on it.
func (t *tb) access(lv lval, body func(l *local)) { t.accessAs(lv, body, nil) }

// accessAs is access with a derefSite.misread for the site (nil: none).
func (t *tb) accessAs(lv lval, body func(l *local), misread func(o *cfa.Object)) {
	if lv.l != nil {
		body(lv.l)
		return
	}
	if t.b.syncTypeName(lv.typ) == "" && (t.b.isStruct(lv.typ) || lv.typ.Kind() == cc.Array || lv.typ.Kind() == cc.Union) {
		t.b.fail(lv.n, "unsupported: %s accessed through a pointer as a whole", describe(lv.typ))
	}
	site := &derefSite{addr: lv.addr, typ: lv.typ, pos: t.b.pos(lv.n), text: nodeText(lv.n)}
	if !lv.arg {
		site.plainView, site.atomicView = t.b.views(lv.n)
	}
	cell := func(a int64) *local {
		o, i := t.b.prog.Memory.Find(a)
		l := t.b.cells[o.Cells[i]].l
		if l.bad != "" {
			t.b.fail(lv.n, "%s", l.bad)
		}
		return l
	}
	site.body = func(a int64) { body(cell(a)) }
	site.untracked = func(a int64) { body(t.untrackedCell(cell(a), lv.addr, site.pos)) }
	site.misread = misread
	t.choice(site, t.b.eagerTargets(lv.typ, lv.addr), site.text+" is no valid "+describeC(lv.typ)+" object")
}

// eagerArms is the number of candidate cells up to which a dereference
// gets an arm for each when it is lowered; past it, settle adds the
// arms the points-to analysis shows it needs.
const eagerArms = 256

// eagerTargets lists the cells a dereference of type typ at addr gets
// arms for when it is lowered (candidates), or none past eagerArms:
// settle then arms it with the cells the points-to analysis finds it
// may reach (extendDerefs), not every cell of the type (a char access
// of a real program has thousands).
func (b *builder) eagerTargets(typ cc.Type, addr cfa.Expr) []int64 {
	cands := b.candidates(typ, addr, eagerArms)
	if cands == nil {
		return nil
	}
	targets := make([]int64, len(cands))
	for i, ci := range cands {
		targets[i] = ci.obj.Addr(ci.idx)
	}
	return targets
}

// candidates lists the cells an access of type typ at address addr may
// designate: the compatible cells of the object addr's constant base
// lies in, or of every object; nil if there are more than limit (a
// program's memory has many: the search stops there).
func (b *builder) candidates(typ cc.Type, addr cfa.Expr, limit int) []*cellInfo {
	objs := b.prog.Memory.Objects
	if base, ok := constBase(addr); ok {
		if o, _ := b.prog.Memory.Find(base); o != nil {
			objs = []*cfa.Object{o}
		}
	}
	out := []*cellInfo{}
	for _, o := range objs {
		for _, v := range o.Cells {
			if compatible(b, b.cellTyp[v], typ) {
				if len(out) == limit {
					return nil
				}
				out = append(out, b.cells[v])
			}
		}
	}
	return out
}

// constBase finds the constant base of an address sum (&a + i*k): the
// front end builds every address sum with its base on the left.
func constBase(e cfa.Expr) (int64, bool) {
	switch e := e.(type) {
	case cfa.Const:
		return e.Val, true
	case cfa.Binary:
		if e.Op == cfa.Add {
			return constBase(e.X)
		}
	}
	return 0, false
}

// load reads lv's value, as a value of lv's type (the object may have
// another type of its size: *(unsigned *)&i).
func (t *tb) load(lv lval) cfa.Expr {
	p := t.b.pos(lv.n)
	if lv.l != nil {
		return t.convert(lv.n, t.readLocal(lv.l, lv.n), nil, t.b.intType(lv.typ))
	}
	res := t.temp(lv.typ)
	var misread func(o *cfa.Object)
	if isInt(lv.typ) {
		misread = func(o *cfa.Object) {
			t.readCells(o, p)
			lo, hi := t.b.rangeOf(lv.typ)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: lo, Hi: hi, Pos: p, Approx: true,
				Note: "a read of a library's memory through another type than circ lays it out as: any value"})
		}
	}
	t.accessAs(lv, func(l *local) { t.set(res, t.readLocal(l, lv.n), p) }, misread)
	return ref(res)
}

// readCells reads every data cell of object o (nil: none), as an access
// to all of it does.
func (t *tb) readCells(o *cfa.Object, p cfa.Pos) {
	if o == nil {
		return
	}
	for _, c := range o.Cells {
		if c.Kind == cfa.Data {
			t.set(t.temp(t.b.cellTyp[c]), ref(c), p)
		}
	}
}

// readLocal reads a scalar local for its value.
func (t *tb) readLocal(l *local, n cc.Node) cfa.Expr {
	switch {
	case l.members != nil:
		t.b.fail(n, "unsupported: struct %s used as a value", describeLocal(l))
	case l.v.Kind == cfa.Mutex || l.v.Kind == cfa.Sync:
		t.b.fail(n, "unsupported: synchronization object %s used as a value", l.v.CName)
	case t.b.atomic[l.v]:
		return t.atomicLoad(l.v, t.b.pos(n))
	case l.hw != "":
		return t.readRegister(l, n)
	}
	if k, ok := t.known[l.v]; ok {
		return num(k) // a counter of an unrolled loop (unroll.go)
	}
	return ref(l.v)
}

// scalarVar checks that l is a variable an assignment may write.
func (t *tb) scalarVar(l *local, n cc.Node) *cfa.Var {
	switch {
	case l.members != nil:
		t.b.fail(n, "unsupported: assignment to struct %s", describeLocal(l))
	case l.v.Kind == cfa.Mutex || l.v.Kind == cfa.Sync:
		t.b.fail(n, "unsupported: assignment to synchronization object %s", l.v.CName)
	}
	return l.v
}

// update runs f on each variable lv may designate and returns the value
// f yields (the same in every arm, through a temporary). f writes
// plainly: an atomic object reached through a pointer is an error.
func (t *tb) update(lv lval, want bool, f func(v *cfa.Var) cfa.Expr) cfa.Expr {
	return t.updateWith(lv, want, false, f)
}

// updateScalar is update for an f that writes an atomic variable
// atomically (an assignment, ++ and --).
func (t *tb) updateScalar(lv lval, want bool, f func(v *cfa.Var) cfa.Expr) cfa.Expr {
	return t.updateWith(lv, want, true, f)
}

func (t *tb) updateWith(lv lval, want, atomicOK bool, f func(v *cfa.Var) cfa.Expr) cfa.Expr {
	if lv.l != nil {
		if t.b.readOnly(lv.l) {
			t.writeReadOnly(lv.l, t.b.pos(lv.n))
			return num(0) // not reached
		}
		return t.convert(lv.n, f(t.scalarVar(lv.l, lv.n)), nil, t.b.intType(lv.typ))
	}
	var res *cfa.Var
	if want {
		res = t.temp(lv.typ)
	}
	p := t.b.pos(lv.n)
	t.access(lv, func(l *local) {
		if l.v != nil && t.b.atomic[l.v] && !atomicOK {
			t.b.plainAtomicWrites = append(t.b.plainAtomicWrites, plainAtomicWrite{c: t.c, loc: t.cur, n: lv.n, name: l.v.CName})
		}
		if t.b.readOnly(l) {
			t.writeReadOnly(l, p)
			return
		}
		r := f(t.scalarVar(l, lv.n))
		if res != nil {
			t.set(res, r, p)
		}
	})
	if res == nil {
		return nil
	}
	return ref(res)
}

// nodeText is n's source text, for messages.
func nodeText(n cc.Node) string {
	if n == nil {
		return "the pointer"
	}
	s := strings.Join(strings.Fields(cc.NodeSource(n)), " ")
	if s == "" || len(s) > 60 {
		return "the pointer"
	}
	return s
}

// describeC names a C type for messages.
func describeC(t cc.Type) string {
	if t == nil {
		return "untyped"
	}
	return fmt.Sprint(t)
}

func isArray(t cc.Type) bool { return t != nil && t.Kind() == cc.Array }

func isFunc(t cc.Type) bool { return t != nil && t.Kind() == cc.Function }

// rvalue reads the lvalue n (an element, a member, a dereference) for its
// value; an array decays to its address.
func (t *tb) rvalue(n cc.ExpressionNode, want bool) cfa.Expr {
	lv := t.lvalue(n)
	if isArray(lv.typ) {
		return unless(want, t.addrOf(lv))
	}
	if t.b.isStruct(lv.typ) && !want {
		return nil
	}
	return t.load(lv)
}

// funcDesignator returns the name of the function n designates, or "".
func (t *tb) funcDesignator(n cc.ExpressionNode) string {
	if pe, ok := strip(n).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
		if d, ok := pe.ResolvedTo().(*cc.Declarator); ok && isFunc(d.Type()) {
			return pe.Token.SrcStr()
		}
	}
	return ""
}

// funcAddr is the address of function name: the base of its object.
func (t *tb) funcAddr(name string, n cc.Node) cfa.Expr {
	return num(t.b.funcObject(name, t.b.pos(n)).Base)
}

// funcObject is function name's object, created on first use.
func (b *builder) funcObject(name string, pos cfa.Pos) *cfa.Object {
	if o := b.funcObjs[name]; o != nil {
		return o
	}
	o := b.prog.Memory.NewObject(&cfa.Object{Name: name, Kind: cfa.FuncObject, Pos: pos, Func: name})
	b.funcObjs[name] = o
	return o
}
