package cfront

import (
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers thread-specific data: POSIX's pthread_key_* and
// C11's tss_*. A key object holds 0 before pthread_key_create and after
// pthread_key_delete; while it is created it holds the creation's
// number (key.created counts them), so that a key deleted and created
// again is a new key. Each thread's value for a key is a local of its
// template with the creation it was set for: the value of another
// creation reads as NULL, which POSIX gives a new key in every thread
// (glibc compares sequence numbers the same way). Using a key that is
// not created is undefined (a finding). Destructors, which run at
// thread exit, are not modelled: a key created with one is rejected.

// specificPrims are the thread-specific data primitives.
var specificPrims = map[string]prim{
	"pthread_key_create":  {2, lowerKeyCreate},
	"pthread_key_delete":  {1, func(c *pcall) { c.keyValue(0, func(k *cfa.Var) { c.t.set(k, num(0), c.p) }); c.ret(num(0)) }},
	"pthread_setspecific": {2, lowerSetSpecific},
	"pthread_getspecific": {1, lowerGetSpecific},
	"tss_create":          {2, lowerKeyCreate},
	"tss_delete":          {1, func(c *pcall) { c.keyValue(0, func(k *cfa.Var) { c.t.set(k, num(0), c.p) }) }},
	"tss_set":             {2, lowerSetSpecific},
	"tss_get":             {1, lowerGetSpecific},
}

// lowerKeyCreate creates the key its first argument points to.
func lowerKeyCreate(c *pcall) {
	k := c.obj(0, "pthread_key_t", "tss_t").v
	if !isNull(c.as[1]) {
		c.t.b.fail(c.as[1], "unsupported: %s with a destructor (it runs at thread exit, which circ does not model)", c.name)
	}
	created := c.t.field(k, "created", 0)
	c.t.set(created, mkBin(cfa.Add, ref(created), num(1)), c.p)
	c.t.set(k, ref(created), c.p)
	c.ret(num(c.success()))
}

func lowerSetSpecific(c *pcall) {
	v := c.t.plain(c.t.expr(c.as[1], true), c.p) // the value first, as C evaluates arguments
	c.keyValue(0, func(k *cfa.Var) {
		c.t.set(c.t.perThread(k, "specific"), v, c.p)
		c.t.set(c.t.perThread(k, "specific.creation"), ref(k), c.p)
	})
	c.ret(num(c.success()))
}

func lowerGetSpecific(c *pcall) {
	var val cfa.Expr
	c.keyValue(0, func(k *cfa.Var) {
		set := mkBin(cfa.Eq, ref(c.t.perThread(k, "specific.creation")), ref(k))
		val = cfa.Cond{C: set, T: ref(c.t.perThread(k, "specific")), F: num(0)}
	})
	c.ret(val)
}

// success is the primitive's success code.
func (c *pcall) success() int64 {
	if strings.HasPrefix(c.name, "tss_") {
		return thrdSuccess
	}
	return 0
}

// keyValue resolves argument i, a key passed by value, to its object,
// and runs use where the key is created; where it is not, the call is
// undefined behaviour.
func (c *pcall) keyValue(i int, use func(k *cfa.Var)) {
	t, p := c.t, c.p
	k := t.keyObj(c.as[i], c.name)
	if c.sc.Object == nil {
		c.sc.Object = k
	}
	t.choose(p,
		arm{cond: mkBin(cfa.Le, ref(k), num(0)), body: func() {
			t.undefined(p, c.name+" of a key that pthread_key_create did not create, or that was deleted")
		}},
		arm{cond: mkBin(cfa.Gt, ref(k), num(0)), body: func() { use(k) }})
}

// keyObj resolves a key expression, a variable or a member of a struct
// variable, to its object.
func (t *tb) keyObj(n cc.ExpressionNode, fn string) *cfa.Var {
	l, _ := t.namedObject(n)
	if l == nil || l.bad != "" || l.v == nil || (l.sync != "pthread_key_t" && l.sync != "tss_t") {
		t.b.fail(n, "unsupported: the key of %s must be a pthread_key_t or tss_t variable or struct member", fn)
	}
	return l.v
}
