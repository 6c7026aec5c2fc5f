package cfront

import (
	"fmt"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// threadLocal returns this template's copy of thread-local variable d
// (__thread, _Thread_local, thread_local): each thread has its own,
// initialized when it starts, so it is a local of every template that
// uses it and never a race target.
func (t *tb) threadLocal(d *cc.Declarator, init *cc.Initializer) *local {
	key := t.b.objKey(d)
	if l := t.tls[key]; l != nil {
		return l
	}
	def := d
	if g := t.b.gdecls[d.Name()]; g != nil && t.b.objKey(g) == key {
		def = g
	}
	if isArray(def.Type()) || t.b.isStruct(def.Type()) {
		// An aggregate: each thread's copy in memory, zeroed (an array
		// is used through its address anyway).
		if init == nil && t.b.isFileScope(def) {
			init = t.b.initializerOf(def)
		}
		if !zeroInit(init) {
			t.b.fail(def, "unsupported: thread-local %s %s with an initializer other than zeros", describe(def.Type()), d.Name())
		}
		return t.threadLocalInMemory(key, d, def, 0)
	}
	kind, bad := t.b.classify(def.Type())
	if bad != "" || kind != cfa.Data {
		if bad == "" {
			bad = "synchronization object"
		}
		t.b.fail(def, "unsupported: thread-local %s variable %s", bad, d.Name())
	}
	if init == nil && t.b.isFileScope(def) {
		init = t.b.initializerOf(def)
	}
	var val int64
	if init != nil {
		val = t.b.constInit(init, def, def.Type())
	}
	if t.b.addrTaken[key] {
		return t.threadLocalInMemory(key, d, def, val)
	}
	v := &cfa.Var{Name: t.b.unique(t.c.Name + "::" + d.Name()), CName: d.Name(), Pos: t.b.pos(def), Frame: -1}
	t.b.setType(v, def.Type())
	t.c.Locals = append(t.c.Locals, v)
	l := &local{v: v, typ: def.Type()}
	t.b.atomic[v] = t.b.isAtomicObject(def)
	t.tls[key] = l
	t.tlsInit = append(t.tlsInit, tlsInit{v: v, init: val})
	return l
}

type tlsInit struct {
	v    *cfa.Var
	init int64
	// obj is the block of a thread-local in memory, which v points to
	// (threadLocalInMemory); nil for one kept as a local.
	obj *cfa.Object
}

// threadLocalInMemory is threadLocal for a thread-local whose address
// the program takes, of initial value val: each thread's copy is then an object in memory,
// named after the template (thread::data), that the thread allocates
// when it starts and whose address a local of the template holds. It is
// a heap block in all but its name and site: private to its thread
// while no other thread can reach it (settle makes its cells locals), a
// summary when a thread that runs more than once lets its address
// escape. Uses of the variable go through that address (tlsLvalue); the
// local returned says so to any other use. circ does not end the copy's
// lifetime when its thread ends (nor a local's when its function
// returns): an access through the address after that is undefined
// behaviour it does not report.
func (t *tb) threadLocalInMemory(key any, d, def *cc.Declarator, val int64) *local {
	p := t.b.pos(def)
	var specs []cellSpec
	t.b.layout(def.Type(), "", 0, t.b.isAtomicObject(def), &specs)
	oname := t.b.unique(t.c.Name + "::" + d.Name())
	o := t.b.newObjectCells(cfa.HeapObject, oname, specs, p, t.c, func(cs cellSpec) *local {
		l := t.b.dynamicCell(oname, cs, p, oname+cs.path)
		t.b.atomic[l.v] = cs.atomic
		return l
	})
	if t.b.summarize[oname] {
		t.b.heapSummary(o)
	}
	// The template's own, whatever frame first names the variable.
	ptr := &cfa.Var{Name: t.b.unique(oname + "::addr"), CName: "&" + d.Name(), Pos: p, Frame: -1}
	t.c.Locals = append(t.c.Locals, ptr)
	l := &local{v: ptr, typ: def.Type(), bad: fmt.Sprintf("unsupported: this use of thread-local %s, whose address the program takes", d.Name())}
	t.tls[key] = l
	t.tlsInit = append(t.tlsInit, tlsInit{v: ptr, init: val, obj: o})
	return l
}

// tlsLvalue is the lvalue of thread-local d when it lives in memory
// (threadLocalInMemory): this thread's copy, at the address its
// template holds (the block's own where the template has one copy).
func (t *tb) tlsLvalue(d *cc.Declarator, n cc.Node) (lval, bool) {
	if !d.IsThreadLocal() {
		return lval{}, false
	}
	l := t.lookup(d, n)
	for _, in := range t.tlsInit {
		if in.obj == nil || in.v != l.v {
			continue
		}
		if !in.obj.Summary() {
			// One copy: at a constant address, as a global's.
			return t.atAddr(num(in.obj.Base), d.Type(), n), true
		}
		return lval{addr: ref(l.v), typ: d.Type(), n: n}, true
	}
	return lval{}, false
}

// tlsPrologue makes the template start by giving its thread-local copies
// their initial values, before its first statement.
func (t *tb) tlsPrologue() {
	if len(t.tlsInit) == 0 {
		return
	}
	p := t.c.Pos
	start := t.newLoc(p)
	t.setDepth(start, 0, p)
	t.cur, t.d = start, 0
	for _, in := range t.tlsInit {
		if in.obj == nil {
			t.set(in.v, num(in.init), p)
			continue
		}
		t.allocated(in.obj, in.v, nil, func() {
			if len(in.obj.Cells) == 1 {
				t.set(in.obj.Cells[0], num(in.init), p)
			} else {
				t.zero(in.obj.Cells, p)
			}
		}, p)
	}
	t.jump(t.c.Entry, p)
	t.c.Entry = start
}

// zeroInit reports whether init is absent or sets every member to the
// constant zero.
func zeroInit(init *cc.Initializer) bool {
	zero := true
	inspect(init, func(n any) bool {
		if x, ok := n.(*cc.Initializer); ok && x.Case == cc.InitializerExpr {
			v, ok := intValue(x.AssignmentExpression.Value())
			zero = zero && ok && v == 0 && !hasSE(x.AssignmentExpression)
		}
		return zero
	})
	return zero
}
