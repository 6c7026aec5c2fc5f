package cfront

// What sigaction and the POSIX timers start. A handler sigaction
// installs runs as one signal installs does (spawnCallback): at any
// time after the call, in any number of new threads. A timer that
// notifies by a signal starts nothing of its own: the handler of that
// signal already runs at any time. A timer that notifies by starting a
// thread (SIGEV_THREAD) would run the function its struct sigevent
// names, which circ does not: such a run stops at an unmodelled site,
// which no proof may assume away.

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// sigevThread is SIGEV_THREAD of glibc's <signal.h>.
const sigevThread = 2

// cellAt is the index of the cell at path among cells, -1 if none.
func cellAt(cells []cellSpec, path string) int {
	for j, cs := range cells {
		if cs.path == path {
			return j
		}
	}
	return -1
}

// fieldOfArg loads the cell at path of the object argument i points
// to (not null), failing if the type has none (a C library other than
// glibc).
func (t *tb) fieldOfArg(c *libcCall, i int, path string) cfa.Expr {
	cells := c.objectCells(i)
	j := cellAt(cells, path)
	if j < 0 {
		t.b.fail(c.as[i], "unsupported: %s argument of %s without glibc's member %s", describeC(pointee(c.as[i].Type())), c.name, path)
	}
	return t.load(t.atAddr(mkBin(cfa.Add, c.vals[i], num(int64(j))), cells[j].typ, c.as[i]))
}

// nonNull lowers body where argument i is not null.
func (t *tb) nonNull(c *libcCall, i int, body func()) {
	if k, ok := c.vals[i].(cfa.Const); ok && k.Val == 0 {
		return
	}
	t.choose(c.p, arm{cond: mkBin(cfa.Ne, c.vals[i], num(0)), body: body}, arm{cond: mkBin(cfa.Eq, c.vals[i], num(0))})
}

// sigAction lowers argument i of sigaction, the new action: it is
// read, and its handler (sa_handler, or sa_sigaction, which shares its
// bytes) runs from the call on; SIG_DFL and SIG_IGN run nothing.
func (t *tb) sigAction(c *libcCall, i int) {
	t.touchObject(c, i, objectTouch{read: true})
	t.nonNull(c, i, func() {
		h := t.fieldOfArg(c, i, ".__sigaction_handler.sa_handler")
		t.spawnCallback(c.name, h, c.as[i], 3, c.p) // sa_sigaction takes 3
	})
}

// sigEvent lowers argument i of timer_create, how the timer notifies:
// it is read, and a notification by a new thread stops at an
// unmodelled site. A null argument notifies by SIGALRM.
func (t *tb) sigEvent(c *libcCall, i int) {
	t.touchObject(c, i, objectTouch{read: true})
	t.nonNull(c, i, func() {
		notify := t.fieldOfArg(c, i, ".sigev_notify")
		t.choose(c.p,
			arm{cond: mkBin(cfa.Ne, notify, num(sigevThread))},
			arm{cond: mkBin(cfa.Eq, notify, num(sigevThread)), body: func() {
				t.unmodelled(c.p, c.name+" with SIGEV_THREAD starts a thread circ does not run")
			}})
	})
}

// handleOut lowers argument i, where the call stores a handle of the
// library's (timer_create's timer_t): null or a pointer into the
// library's objects, which the program only passes back.
func (t *tb) handleOut(c *libcCall, i int) {
	cells := c.objectCells(i)
	if len(cells) != 1 || !isPtr(cells[0].typ) {
		t.b.fail(c.as[i], "unsupported: %s argument of %s", describe(c.as[i].Type()), c.name)
	}
	if pt := pointee(cells[0].typ); t.b.externable(pt) {
		t.b.externObject(pt, c.as[i]) // getaddrinfo's list: the library's objects
	}
	t.nonNull(c, i, func() {
		h := t.temp(cells[0].typ)
		t.externPointer(pointee(cells[0].typ), h, c.p)
		lv := t.atAddr(c.vals[i], cells[0].typ, c.as[i])
		t.update(lv, false, func(v *cfa.Var) cfa.Expr { return t.store(v, ref(h), false, c.p) })
	})
}

// kernelObject points v, a pointer parameter of type pt of an
// SA_SIGINFO handler, to an object of the handler's frame with any
// contents, named name: the siginfo_t and the context the kernel
// writes on the signal stack. A void * (the context) points to bytes.
func (t *tb) kernelObject(v *cfa.Var, pt cc.Type, name string, p cfa.Pos) {
	typ := pointee(pt)
	if isVoid(typ) {
		typ = t.b.ast.Char
	}
	o := t.elementObject(cfa.StackObject, name, nil, typ, false, p)
	t.allocated(o, v, num(1), func() { t.indeterminate(o.Cells, "the kernel's "+name, p) }, p)
}
