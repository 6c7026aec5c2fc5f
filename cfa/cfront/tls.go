package cfront

import (
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
	kind, bad := t.b.classify(def.Type())
	if bad != "" || kind != cfa.Data {
		if bad == "" {
			bad = "synchronization object"
		}
		t.b.fail(def, "unsupported: thread-local %s variable %s", bad, d.Name())
	}
	v := &cfa.Var{Name: t.b.unique(t.c.Name + "::" + d.Name()), CName: d.Name(), Pos: t.b.pos(def), Frame: -1}
	t.b.setType(v, def.Type())
	t.c.Locals = append(t.c.Locals, v)
	if init == nil && t.b.isFileScope(def) {
		init = t.b.initializerOf(def)
	}
	var val int64
	if init != nil {
		val = t.b.constInit(init, def, def.Type())
	}
	l := &local{v: v, typ: def.Type()}
	t.b.atomic[v] = t.b.isAtomicObject(def)
	t.tls[key] = l
	t.tlsInit = append(t.tlsInit, tlsInit{v, val})
	return l
}

type tlsInit struct {
	v    *cfa.Var
	init int64
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
		t.set(in.v, num(in.init), p)
	}
	t.jump(t.c.Entry, p)
	t.c.Entry = start
}
