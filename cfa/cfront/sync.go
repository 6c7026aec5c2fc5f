package cfront

import (
	"regexp"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers the pthread and semaphore API into plain CFA edges:
// atomic sections over the objects' Sync variables, and per-thread
// bookkeeping in locals of each template (how often the thread holds a
// recursive mutex or a read lock, the barrier generation it waits for).
// The lowering is each primitive's exact semantics (POSIX, as glibc
// implements it where POSIX leaves a choice), so every engine, the
// concrete interpreter included, runs it unchanged; the edges of one call
// share a cfa.SyncCall that tells the lockset baseline and the printers
// what the call is.
//
// An object is its C variable's cfa variable (the lock word of a mutex
// or spin lock, the writer flag of a rwlock, a semaphore's value, a
// barrier's arrival count, a once-control's state, a mutex attribute's
// kind) plus derived variables named after it (m.kind, rw.readers,
// b.count, b.gen), globals for a global object and locals for a local one.

// syncTypes are the synchronization types circ models, by typedef name,
// with the kind of their main variable.
var syncTypes = map[string]cfa.VarKind{
	"pthread_mutex_t":       cfa.Mutex,
	"pthread_spinlock_t":    cfa.Mutex,
	"pthread_t":             cfa.Handle,
	"pthread_rwlock_t":      cfa.Sync,
	"sem_t":                 cfa.Sync,
	"pthread_cond_t":        cfa.Sync,
	"pthread_barrier_t":     cfa.Sync,
	"pthread_once_t":        cfa.Sync,
	"pthread_mutexattr_t":   cfa.Sync,
	"pthread_rwlockattr_t":  cfa.Sync,
	"pthread_condattr_t":    cfa.Sync,
	"pthread_barrierattr_t": cfa.Sync,
	"pthread_attr_t":        cfa.Sync,
	// C11 <threads.h>.
	"mtx_t":     cfa.Mutex,
	"cnd_t":     cfa.Sync,
	"once_flag": cfa.Sync,
	"thrd_t":    cfa.Handle,
	// Thread-specific data keys (specific.go).
	"pthread_key_t": cfa.Sync,
	"tss_t":         cfa.Sync,
}

// isHandle reports whether t is a thread handle type (pthread_t,
// thrd_t): data, whose value is a thread id.
func (b *builder) isHandle(t cc.Type) bool {
	st := b.syncTypeName(t)
	return st != "" && syncTypes[st] == cfa.Handle
}

// syncTypeName returns the synchronization typedef t is (through
// typedefs of typedefs), or "".
func (b *builder) syncTypeName(t cc.Type) string {
	if t != nil {
		// cc gives a typedef's type the typedef's own name, so the
		// chain goes through the declarations (typedefBase).
		for td, i := t.Typedef(), 0; td != nil && i < 16; i++ {
			if _, ok := syncTypes[td.Name()]; ok {
				return td.Name()
			}
			next := b.typedefBase()[td]
			if next == nil && td.Type() != nil && td.Type().Typedef() != td {
				next = td.Type().Typedef()
			}
			td = next
		}
	}
	if t != nil && t.Kind() == cc.Union && b.mutexT != nil && t.IsCompatible(b.mutexT) {
		return "pthread_mutex_t"
	}
	if m := cilAnonTag.FindStringSubmatch(tagName(t)); m != nil {
		if _, ok := syncTypes[m[1]]; ok {
			return m[1]
		}
	}
	return ""
}

// cilAnonTag matches the tag CIL gives the anonymous struct or union a
// typedef names (`union __anonunion_pthread_cond_t_8`): merged files
// such as goblint/bench's *_comb.c declare synchronization objects with
// it instead of the typedef.
var cilAnonTag = regexp.MustCompile(`^__anon(?:union|struct)_(\w+?)_[0-9]+$`)

// Mutex type values of pthread_mutexattr_settype (glibc).
const (
	mutexNormal     = 0
	mutexRecursive  = 1
	mutexErrorCheck = 2
	mutexAdaptive   = 3
)

// kindOfValue maps a settype value to the behaviour it selects; ok is
// false for a value settype rejects.
func kindOfValue(v int64) (k cfa.MutexKind, ok bool) {
	switch v {
	case mutexNormal, mutexAdaptive:
		return cfa.NormalMutex, true
	case mutexRecursive:
		return cfa.RecursiveMutex, true
	case mutexErrorCheck:
		return cfa.ErrorCheckMutex, true
	}
	return 0, false
}

// kindValue is the settype value of each kind.
var kindValue = map[cfa.MutexKind]int{cfa.NormalMutex: mutexNormal, cfa.RecursiveMutex: mutexRecursive, cfa.ErrorCheckMutex: mutexErrorCheck}

// kindSet is a set of mutex kinds (bit k for cfa.MutexKind k).
type kindSet uint8

const allKinds = kindSet(1<<cfa.NormalMutex | 1<<cfa.RecursiveMutex | 1<<cfa.ErrorCheckMutex)

// only returns the one kind in s, or UnknownMutexKind.
func (s kindSet) only() cfa.MutexKind {
	for k := cfa.NormalMutex; k <= cfa.ErrorCheckMutex; k++ {
		if s == 1<<k {
			return k
		}
	}
	return cfa.UnknownMutexKind
}

// wildKey collects the kinds of the mutexes initialized through a
// pointer: any mutex in memory may be one of them.
type wildKey struct{}

// objKey identifies a C object across declarations: a file-scope
// object by name, any other by its declarator.
func (b *builder) objKey(d *cc.Declarator) any {
	if b.isFileScope(d) || d.IsExtern() {
		return d.Name()
	}
	return d
}

// stripCasts removes parentheses and casts.
func stripCasts(n cc.ExpressionNode) cc.ExpressionNode {
	s := strip(n)
	for {
		c, ok := s.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			return s
		}
		s = strip(c.CastExpression)
	}
}

// isNull reports whether n is a null pointer constant (0 or NULL).
func isNull(n cc.ExpressionNode) bool {
	s := stripCasts(n)
	if hasSE(s) {
		return false
	}
	v, ok := intValue(s.Value())
	return ok && v == 0
}

// scanMutexKinds computes, before any lowering, the kinds each mutex can
// have: its static initializer's, and for every pthread_mutex_init of it
// the kinds its attribute can hold (the default, and each settype's).
// A mutex with one possible kind is lowered for that kind; any other
// keeps its kind in a variable (m.kind) that init sets and every
// operation tests.
func (b *builder) scanMutexKinds() {
	b.mutexKinds = map[any]kindSet{}
	b.destroyed = map[any]bool{}
	attrKinds := map[any]kindSet{}
	type initCall struct{ m, attr any }
	var inits []initCall
	var unknownInit []any
	for _, fd := range b.funcs {
		inspect(fd.CompoundStatement, func(n any) bool {
			x, pe := directCall(n)
			if x == nil {
				return true
			}
			as := args(x.ArgumentExpressionList)
			switch name := pe.Token.SrcStr(); {
			case name == "pthread_mutexattr_settype" && len(as) == 2:
				k := b.argKey(as[0])
				if k == nil {
					return true
				}
				if v, ok := intValue(as[1].Value()); ok && !hasSE(as[1]) {
					if kind, ok := kindOfValue(v); ok {
						attrKinds[k] |= 1 << kind
					}
				} else {
					attrKinds[k] |= allKinds
				}
			case name == "mtx_init" && len(as) == 2:
				k := b.argKey(as[0])
				if k == nil {
					k = wildKey{}
				}
				{
					kind := cfa.NormalMutex
					if v, ok := intValue(as[1].Value()); !ok || hasSE(as[1]) {
						b.mutexKinds[k] |= allKinds
						return true
					} else if v&c11Recursive != 0 {
						kind = cfa.RecursiveMutex
					}
					b.mutexKinds[k] |= 1 << kind
				}
			case (name == "pthread_mutex_destroy" || name == "mtx_destroy") && len(as) == 1:
				m := b.argKey(as[0])
				if m == nil {
					m = wildKey{}
				}
				b.destroyed[m] = true
			case name == "pthread_mutex_init" && len(as) == 2:
				m := b.argKey(as[0])
				if m == nil {
					m = wildKey{} // through a pointer: any mutex in memory
				}
				switch a := b.argKey(as[1]); {
				case isNull(as[1]):
					b.mutexKinds[m] |= 1 << cfa.NormalMutex
				case a != nil:
					inits = append(inits, initCall{m, a})
				default:
					unknownInit = append(unknownInit, m)
				}
			}
			return true
		})
	}
	for _, c := range inits {
		b.mutexKinds[c.m] |= 1<<cfa.NormalMutex | attrKinds[c.attr]
	}
	for _, m := range unknownInit {
		b.mutexKinds[m] |= allKinds
	}
}

// staticMutexKind reads the kind a mutex's static initializer gives
// (PTHREAD_MUTEX_INITIALIZER, PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP,
// ...): glibc's __kind field. Any other non-zero field is an error.
func (b *builder) staticMutexKind(init *cc.Initializer, name string) cfa.MutexKind {
	kind := cfa.NormalMutex
	b.zeroInitializer(init, name, func(field string, v int64) bool {
		if field != "__kind" {
			return false
		}
		k, ok := kindOfValue(v)
		kind = k
		return ok
	})
	return kind
}

// zeroInitializer checks that the initializer of synchronization object
// name sets every field to zero, except those that allow(field, value)
// accepts.
func (b *builder) zeroInitializer(init *cc.Initializer, name string, allow func(field string, v int64) bool) {
	var walk func(*cc.Initializer)
	walk = func(in *cc.Initializer) {
		if in == nil {
			return
		}
		if in.Case == cc.InitializerExpr {
			v, ok := intValue(in.AssignmentExpression.Value())
			field := ""
			if f := in.Field(); f != nil {
				field = f.Name()
			}
			if !ok || (v != 0 && (allow == nil || !allow(field, v))) {
				b.fail(in, "unsupported: initializer of synchronization object %s (field %s)", name, field)
			}
			return
		}
		for l := in.InitializerList; l != nil; l = l.InitializerList {
			walk(l.Initializer)
		}
	}
	walk(init)
}

// syncInit gives a synchronization object's variable its static initial
// value, and records a static mutex's kind.
func (b *builder) syncInit(v *cfa.Var, typ string, init *cc.Initializer, key any) {
	switch typ {
	case "pthread_mutex_t":
		if init != nil {
			k := b.staticMutexKind(init, v.CName)
			b.mutexKinds[key] |= 1 << k
			b.staticKind[v] = k
		} else {
			b.mutexKinds[key] |= 1 << cfa.NormalMutex
		}
	case "pthread_once_t", "pthread_spinlock_t":
		if init != nil {
			if init.Case != cc.InitializerExpr {
				b.fail(init, "unsupported: initializer of %s", v.CName)
			}
			if val, ok := intValue(init.AssignmentExpression.Value()); !ok || val != 0 {
				b.fail(init, "unsupported: initializer of %s (only PTHREAD_ONCE_INIT and 0)", v.CName)
			}
		}
	case "pthread_rwlock_t":
		// PTHREAD_RWLOCK_INITIALIZER's writer preference changes no
		// behaviour circ models (waiting threads are not queued).
		b.zeroInitializer(init, v.CName, func(field string, _ int64) bool { return field == "__flags" })
	default:
		b.zeroInitializer(init, v.CName, nil)
	}
}

// ---- objects ----

// untrackedOK are the calls circ lowers on a mutex of a summary object's
// instance it does not track (extern.go, heap.go): locking it excludes
// nothing. initOnUntracked are those it lowers too on a block of a heap
// summary, whose mutexes the program initializes: as nothing. Any
// other call (a wait that releases it) is rejected.
var (
	untrackedOK = map[string]bool{
		"pthread_mutex_lock": true, "pthread_mutex_trylock": true, "pthread_mutex_timedlock": true, "pthread_mutex_unlock": true,
		"pthread_spin_lock": true, "pthread_spin_trylock": true, "pthread_spin_unlock": true,
		"mtx_lock": true, "mtx_trylock": true, "mtx_timedlock": true, "mtx_unlock": true,
	}
	initOnUntracked = map[string]bool{
		"pthread_mutex_init": true, "pthread_mutex_destroy": true, "pthread_spin_init": true, "pthread_spin_destroy": true,
	}
)

// syncObj resolves argument n, which must be &v for a v of one of the
// synchronization types types, to v.
func (t *tb) syncObj(n cc.ExpressionNode, fn string, types ...string) *local {
	l, at := t.addrOfVar(n, fn+" object")
	if l.untracked && !untrackedOK[fn] && !(initOnUntracked[fn] && t.b.cells[l.v].obj.Kind == cfa.HeapObject) {
		what := "memory of a library"
		if t.b.cells[l.v].obj.Kind == cfa.HeapObject {
			what = "a block circ does not track"
		}
		t.b.fail(n, "unsupported: %s on a %s in %s", fn, l.sync, what)
	}
	for _, ty := range types {
		if l.sync == ty {
			if t.prim != nil {
				t.prim.sc.Args = append(t.prim.sc.Args, "&"+l.v.CName)
			}
			return l
		}
	}
	t.b.fail(at, "%s: %s is not a %s", fn, l.v.CName, strings.Join(types, " or "))
	return nil
}

// field returns the derived variable f of object base (a global for a
// global object, a local of the same template for a local one).
func (t *tb) field(base *cfa.Var, f string, init int64) *cfa.Var {
	k := fieldKey{base: base, name: f}
	if v := t.b.fields[k]; v != nil {
		return v
	}
	v := &cfa.Var{Name: base.Name + "." + f, Global: base.Global, Kind: cfa.Sync, CName: base.CName + "." + f, Pos: base.Pos, Frame: base.Frame, Init: init}
	if base.Global {
		t.b.prog.Globals = append(t.b.prog.Globals, v)
	} else {
		t.c.Locals = append(t.c.Locals, v)
	}
	t.b.fields[k] = v
	return v
}

// perThread returns this template's local f for object base: each thread
// keeps its own (how often it holds a recursive mutex, ...), 0 at start.
func (t *tb) perThread(base *cfa.Var, f string) *cfa.Var {
	k := fieldKey{base: base, name: f, tmpl: t.c}
	if v := t.b.fields[k]; v != nil {
		return v
	}
	v := &cfa.Var{Name: t.b.unique(t.c.Name + "::" + f + "(" + base.Name + ")"), Kind: cfa.Sync, CName: f + "(" + base.CName + ")", Pos: base.Pos, Frame: -1}
	t.c.Locals = append(t.c.Locals, v)
	t.b.fields[k] = v
	return v
}

type fieldKey struct {
	base *cfa.Var
	name string
	tmpl *cfa.CFA // per-thread fields: the template
}

// kindField is m.kind, the run-time kind of a mutex whose kind is not
// known before lowering: it starts at the kind of m's static
// initializer (a normal mutex without one).
func (t *tb) kindField(m *cfa.Var) *cfa.Var {
	return t.field(m, "kind", int64(kindValue[t.b.staticKind[m]]))
}

// mutexKind is the kind mutex m is lowered for.
func (t *tb) mutexKind(m *local) cfa.MutexKind {
	if m.sync == "pthread_spinlock_t" {
		return cfa.NormalMutex
	}
	ks := t.b.mutexKinds[m.key]
	if m.v != nil && t.b.cells[m.v] != nil {
		ks |= t.b.mutexKinds[wildKey{}]
	}
	if ks == 0 {
		return cfa.NormalMutex // never initialized: all zero, a normal mutex
	}
	return ks.only()
}

// destroyedField is the variable that tells whether mutex m was
// destroyed, nil when no call destroys it (scanMutexKinds): then no
// lowering needs it.
func (t *tb) destroyedField(m *local) *cfa.Var {
	if m.v == nil || !(t.b.destroyed[m.key] || t.b.cells[m.v] != nil && t.b.destroyed[wildKey{}]) {
		return nil
	}
	return t.field(m.v, "destroyed", 0)
}

// garbageField is the variable that tells whether mutex cell v holds
// indeterminate bytes (a block from malloc or realloc, a freed one, an
// automatic variable without an initializer), nil for a mutex that
// cannot: using one is undefined behaviour until it is initialized.
func (t *tb) garbageField(v *cfa.Var) *cfa.Var {
	ci := t.b.cells[v]
	if v == nil || v.Kind != cfa.Mutex || ci == nil || (ci.obj.Kind != cfa.HeapObject && ci.obj.Kind != cfa.StackObject) {
		return nil
	}
	return t.field(v, "indeterminate", 0)
}

// freshLock puts lock m (a mutex, a spin lock, a C11 mutex) in its
// initial state: free, initialized, not destroyed.
func (t *tb) freshLock(m *local, p cfa.Pos) {
	t.set(m.v, num(0), p)
	t.setGarbage(m.v, false, p)
	if dead := t.destroyedField(m); dead != nil {
		t.set(dead, num(0), p)
	}
}

// setGarbage records whether mutex cell v holds indeterminate bytes.
func (t *tb) setGarbage(v *cfa.Var, garbage bool, p cfa.Pos) {
	if g := t.garbageField(v); g != nil {
		t.set(g, num(b2i(garbage)), p)
	}
}

// usable lowers body, a call's use of mutex m, where m holds a mutex;
// where it may hold indeterminate bytes, that use is undefined
// behaviour instead (a finding).
func (c *pcall) usable(m *local, body func()) {
	g := c.t.garbageField(m.v)
	if g == nil || m.untracked {
		body()
		return
	}
	c.t.choose(c.p,
		arm{cond: mkBin(cfa.Ne, ref(g), num(0)), body: func() {
			c.t.undefined(c.p, c.name+" on "+m.v.CName+", which holds no initialized mutex")
		}},
		arm{cond: mkBin(cfa.Eq, ref(g), num(0)), body: body})
}

// lowerMutexDestroy follows glibc: a mutex a thread holds is not
// destroyed (EBUSY); any other is marked destroyed, and locking or
// unlocking it then fails with EINVAL until it is initialized again.
// POSIX leaves both undefined. C11's mtx_destroy is glibc's
// pthread_mutex_destroy.
func lowerMutexDestroy(c *pcall) {
	m := c.obj(0, "pthread_mutex_t", "mtx_t")
	t := c.t
	dead := t.destroyedField(m)
	if m.untracked || dead == nil {
		c.usable(m, func() { c.ret(num(0)) })
		return
	}
	c.usable(m, func() {
		t.choose(c.p,
			arm{cond: mkBin(cfa.Ne, ref(m.v), num(0)), body: func() { c.ret(num(cfa.EBUSY)) }},
			arm{cond: mkBin(cfa.Eq, ref(m.v), num(0)), body: func() { t.set(dead, num(1), c.p); c.ret(num(0)) }})
	})
}

// ---- the primitives ----

// pcall is one call of a primitive being lowered.
type pcall struct {
	t    *tb
	name string
	x    *cc.PostfixExpression
	as   []cc.ExpressionNode
	p    cfa.Pos
	want bool
	res  *cfa.Var // the result, when the caller uses it
	sc   cfa.SyncCall
	// user lists the edge ranges of user code the lowering ran (a
	// pthread_once routine), which are not part of the call.
	user [][2]int
	// c11: a <threads.h> call, which returns thrd_* codes.
	c11 bool
}

// ret sets the call's result to e (a POSIX result, which a C11 call
// translates).
func (c *pcall) ret(e cfa.Expr) {
	if k, ok := e.(cfa.Const); ok && c.c11 {
		e = num(c11Code(k.Val))
	}
	c.t.setIf(c.res, e, c.p)
}

// prim is a lowering: its argument count and the function that emits
// it; a lowering that sets no result returns 0.
type prim struct {
	nargs int
	lower func(c *pcall)
}

var prims map[string]prim

func init() {
	prims = map[string]prim{
		"pthread_mutex_init":      {2, lowerMutexInit},
		"pthread_mutex_destroy":   {1, lowerMutexDestroy},
		"pthread_mutex_lock":      {1, func(c *pcall) { c.mutexOp(lockOp) }},
		"pthread_mutex_trylock":   {1, func(c *pcall) { c.mutexOp(tryOp) }},
		"pthread_mutex_timedlock": {2, func(c *pcall) { c.ignoreArg(1); c.mutexOp(timedOp) }},
		"pthread_mutex_unlock":    {1, func(c *pcall) { c.mutexOp(unlockOp) }},
		"pthread_spin_init":       {2, lowerSpinInit},
		"pthread_spin_destroy":    {1, func(c *pcall) { c.obj(0, "pthread_spinlock_t"); c.ret(num(0)) }},
		"pthread_spin_lock":       {1, func(c *pcall) { c.mutexOp(lockOp) }},
		"pthread_spin_trylock":    {1, func(c *pcall) { c.mutexOp(tryOp) }},
		"pthread_spin_unlock":     {1, func(c *pcall) { c.mutexOp(unlockOp) }},

		"pthread_mutexattr_init":        {1, func(c *pcall) { c.setAttrKind(num(mutexNormal)) }},
		"pthread_mutexattr_destroy":     {1, func(c *pcall) { c.obj(0, "pthread_mutexattr_t"); c.ret(num(0)) }},
		"pthread_mutexattr_settype":     {2, lowerSetType},
		"pthread_mutexattr_setpshared":  {2, lowerAttrNoEffect("pthread_mutexattr_t")},
		"pthread_mutexattr_setprotocol": {2, lowerAttrNoEffect("pthread_mutexattr_t")},

		"pthread_rwlock_init":        {2, lowerRwInit},
		"pthread_rwlock_destroy":     {1, func(c *pcall) { c.obj(0, "pthread_rwlock_t"); c.ret(num(0)) }},
		"pthread_rwlock_rdlock":      {1, func(c *pcall) { c.rwOp(cfa.Shared, lockOp) }},
		"pthread_rwlock_wrlock":      {1, func(c *pcall) { c.rwOp(cfa.Exclusive, lockOp) }},
		"pthread_rwlock_tryrdlock":   {1, func(c *pcall) { c.rwOp(cfa.Shared, tryOp) }},
		"pthread_rwlock_trywrlock":   {1, func(c *pcall) { c.rwOp(cfa.Exclusive, tryOp) }},
		"pthread_rwlock_timedrdlock": {2, func(c *pcall) { c.ignoreArg(1); c.rwOp(cfa.Shared, timedOp) }},
		"pthread_rwlock_timedwrlock": {2, func(c *pcall) { c.ignoreArg(1); c.rwOp(cfa.Exclusive, timedOp) }},
		"pthread_rwlock_unlock":      {1, lowerRwUnlock},
		"pthread_rwlockattr_init":    {1, lowerAttrNoEffect("pthread_rwlockattr_t")},
		"pthread_rwlockattr_destroy": {1, lowerAttrNoEffect("pthread_rwlockattr_t")},

		"sem_init":      {3, lowerSemInit},
		"sem_destroy":   {1, func(c *pcall) { c.obj(0, "sem_t"); c.ret(num(0)) }},
		"sem_wait":      {1, func(c *pcall) { c.semWait(lockOp) }},
		"sem_trywait":   {1, func(c *pcall) { c.semWait(tryOp) }},
		"sem_timedwait": {2, func(c *pcall) { c.ignoreArg(1); c.semWait(timedOp) }},
		"sem_post":      {1, lowerSemPost},
		"sem_getvalue":  {2, lowerSemGetValue},

		"pthread_cond_init":           {2, lowerCondInit},
		"pthread_cond_destroy":        {1, func(c *pcall) { c.obj(0, "pthread_cond_t"); c.ret(num(0)) }},
		"pthread_cond_signal":         {1, func(c *pcall) { c.obj(0, "pthread_cond_t"); c.ret(num(0)) }},
		"pthread_cond_broadcast":      {1, func(c *pcall) { c.obj(0, "pthread_cond_t"); c.ret(num(0)) }},
		"pthread_cond_wait":           {2, func(c *pcall) { c.condWait(false) }},
		"pthread_cond_timedwait":      {3, func(c *pcall) { c.ignoreArg(2); c.condWait(true) }},
		"pthread_condattr_init":       {1, lowerAttrNoEffect("pthread_condattr_t")},
		"pthread_condattr_destroy":    {1, lowerAttrNoEffect("pthread_condattr_t")},
		"pthread_condattr_setclock":   {2, lowerAttrNoEffect("pthread_condattr_t")},
		"pthread_condattr_setpshared": {2, lowerAttrNoEffect("pthread_condattr_t")},

		"pthread_barrier_init":           {3, lowerBarrierInit},
		"pthread_barrier_destroy":        {1, func(c *pcall) { c.obj(0, "pthread_barrier_t"); c.ret(num(0)) }},
		"pthread_barrier_wait":           {1, lowerBarrierWait},
		"pthread_barrierattr_init":       {1, lowerAttrNoEffect("pthread_barrierattr_t")},
		"pthread_barrierattr_destroy":    {1, lowerAttrNoEffect("pthread_barrierattr_t")},
		"pthread_barrierattr_setpshared": {2, lowerAttrNoEffect("pthread_barrierattr_t")},

		"pthread_once": {2, lowerOnce},

		"mtx_init":      {2, lowerMtxInit},
		"mtx_destroy":   {1, lowerMutexDestroy},
		"mtx_lock":      {1, func(c *pcall) { c.c11 = true; c.mutexOp(lockOp) }},
		"mtx_trylock":   {1, func(c *pcall) { c.c11 = true; c.mutexOp(tryOp) }},
		"mtx_timedlock": {2, func(c *pcall) { c.c11 = true; c.ignoreArg(1); c.mutexOp(timedOp) }},
		"mtx_unlock":    {1, func(c *pcall) { c.c11 = true; c.mutexOp(unlockOp) }},
		"cnd_init":      {1, func(c *pcall) { c.obj(0, "cnd_t"); c.ret(num(thrdSuccess)) }},
		"cnd_destroy":   {1, func(c *pcall) { c.obj(0, "cnd_t") }},
		"cnd_signal":    {1, func(c *pcall) { c.obj(0, "cnd_t"); c.ret(num(thrdSuccess)) }},
		"cnd_broadcast": {1, func(c *pcall) { c.obj(0, "cnd_t"); c.ret(num(thrdSuccess)) }},
		"cnd_wait":      {2, func(c *pcall) { c.c11 = true; c.condWait(false) }},
		"cnd_timedwait": {3, func(c *pcall) { c.c11 = true; c.ignoreArg(2); c.condWait(true) }},
		"call_once":     {2, lowerOnce},
		"thrd_current":  {0, func(c *pcall) { c.ret(ref(c.t.self())) }},
		"thrd_equal":    {2, lowerEqual},
		"thrd_detach":   {1, lowerDetach},
		"thrd_yield":    {0, func(c *pcall) {}},

		"pthread_attr_init":            {1, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_destroy":         {1, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setdetachstate":  {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setstacksize":    {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setguardsize":    {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setscope":        {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setschedpolicy":  {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setinheritsched": {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_setschedparam":   {2, lowerAttrNoEffect("pthread_attr_t")},
		"pthread_attr_getstacksize":    {2, lowerAttrGet("pthread_attr_t")},
		"pthread_attr_getguardsize":    {2, lowerAttrGet("pthread_attr_t")},
		"pthread_attr_getdetachstate":  {2, lowerAttrGet("pthread_attr_t")},
		"pthread_attr_getscope":        {2, lowerAttrGet("pthread_attr_t")},
		"pthread_attr_getschedpolicy":  {2, lowerAttrGet("pthread_attr_t")},
		"pthread_attr_getinheritsched": {2, lowerAttrGet("pthread_attr_t")},

		"pthread_self":   {0, func(c *pcall) { c.ret(ref(c.t.self())) }},
		"pthread_equal":  {2, lowerEqual},
		"pthread_detach": {1, lowerDetach},
		"sched_yield":    {0, func(c *pcall) { c.ret(num(0)) }},
		"pthread_yield":  {0, func(c *pcall) { c.ret(num(0)) }},
	}
	for name, pr := range specificPrims {
		prims[name] = pr
	}
}

// setsUp reports whether primitive name sets up, tears down or observes
// its object without synchronizing: initializations, destructions,
// attributes, sem_getvalue.
func setsUp(name string) bool {
	return strings.HasSuffix(name, "_init") || strings.HasSuffix(name, "_destroy") || strings.Contains(name, "attr") || name == "sem_getvalue"
}

// lowerPrim lowers a call of primitive pr, tagging its edges with the
// call's SyncCall.
func (t *tb) lowerPrim(name string, pr prim, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if len(as) != pr.nargs {
		t.b.fail(x, "%s takes %d argument(s), got %d", name, pr.nargs, len(as))
	}
	var res *cfa.Var
	if want {
		res = t.temp(x.Type())
	}
	t.withObjects(as, func() {
		c := &pcall{t: t, name: name, x: x, as: as, p: p, want: want, res: res}
		c.sc = cfa.SyncCall{Func: name, Pos: p, Entry: t.at(p), NoSync: setsUp(name)}
		first := len(t.c.Edges)
		outer := t.prim
		t.prim = c
		pr.lower(c)
		t.prim = outer
		sc := &c.sc
		if c.res != nil && sc.Effect == cfa.TryAcquire {
			sc.Result = c.res
		}
		user := func(i int) bool {
			for _, r := range c.user {
				if i >= r[0] && i < r[1] {
					return true
				}
			}
			return false
		}
		for i := first; i < len(t.c.Edges); i++ {
			if !user(i) {
				t.c.Edges[i].Sync = sc
			}
		}
	})
	if !want {
		return nil
	}
	return ref(res)
}

// withObjects runs body with each argument of as that points to a
// synchronization object or pthread_t other than as &v resolved to the
// object it designates: a choice among the objects its value may
// designate (memory.go), body lowered once in each arm.
func (t *tb) withObjects(as []cc.ExpressionNode, body func()) {
	t.withObjectsAt(as, func(a cc.ExpressionNode) bool {
		pt := pointee(a.Type())
		return pt != nil && t.b.syncTypeName(pt) != "" && !isNull(a)
	}, body)
}

// withObjectsAt is withObjects for the arguments of as that object
// selects.
func (t *tb) withObjectsAt(as []cc.ExpressionNode, object func(cc.ExpressionNode) bool, body func()) {
	var ptrs []int
	for i, a := range as {
		if object(a) {
			if d, _, _ := addrArg(a); d == nil {
				ptrs = append(ptrs, i)
			}
		}
	}
	if len(ptrs) == 0 {
		body()
		return
	}
	lvs := make([]lval, len(ptrs))
	for k, i := range ptrs {
		addr := t.expr(as[i], true)
		if !t.stableExpr(addr) {
			addr = t.snapshot(addr, as[i].Type(), t.b.pos(as[i]))
		}
		lvs[k] = t.atAddrArg(addr, pointee(as[i].Type()), as[i])
	}
	outer := t.fixed
	var rec func(k int, fixed map[cc.ExpressionNode]*local)
	rec = func(k int, fixed map[cc.ExpressionNode]*local) {
		if k == len(ptrs) {
			t.fixed = fixed
			body()
			t.fixed = outer
			return
		}
		t.access(lvs[k], func(l *local) {
			next := map[cc.ExpressionNode]*local{as[ptrs[k]]: l}
			for n, o := range fixed {
				next[n] = o
			}
			rec(k+1, next)
		})
	}
	rec(0, nil)
}

// obj resolves argument i to an object of one of the types.
func (c *pcall) obj(i int, types ...string) *local {
	l := c.t.syncObj(c.as[i], c.name, types...)
	if c.sc.Object == nil {
		c.sc.Object = l.v
	}
	return l
}

// ignoreArg evaluates argument i for its side effects and reads only
// (a timeout, which circ does not model: any amount of time may pass;
// an attribute value that changes nothing a race depends on). Like
// every argument, it is evaluated before the primitive's own steps.
func (c *pcall) ignoreArg(i int) {
	c.t.discardRead(c.as[i], c.p)
}

// lowerAttrNoEffect is an attribute call whose effect circ need not
// model: process sharing, stack sizes, scheduling, clocks and detach
// states change nothing that a data race depends on.
func lowerAttrNoEffect(typ string) func(c *pcall) {
	return func(c *pcall) {
		c.obj(0, typ)
		for i := 1; i < len(c.as); i++ {
			c.ignoreArg(i)
		}
		c.ret(num(0))
	}
}

// lowerAttrGet lowers a getter of an attribute object of type typ:
// circ keeps no attribute, so the value it stores in its output
// variable is any of its type.
func lowerAttrGet(typ string) func(c *pcall) {
	return func(c *pcall) {
		c.obj(0, typ)
		out := c.t.outVar(c.as[1], c.name)
		lo, hi := c.t.b.rangeOf(pointee(c.as[1].Type()))
		c.t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: out, Lo: lo, Hi: hi, Pos: c.p, Note: c.name + ": an attribute circ does not keep"})
		c.ret(num(0))
	}
}

// ---- mutexes and spin locks ----

type mutexOpKind int

const (
	lockOp mutexOpKind = iota
	tryOp
	timedOp
	unlockOp
)

// attrKind is the kind an attribute argument selects: NULL the default.
func (c *pcall) attrKind(i int, typ string) cfa.Expr {
	if isNull(c.as[i]) {
		return num(mutexNormal)
	}
	return ref(c.obj(i, typ).v)
}

func (c *pcall) setAttrKind(k cfa.Expr) {
	a := c.obj(0, "pthread_mutexattr_t")
	c.t.set(a.v, k, c.p)
	c.ret(num(0))
}

func lowerSetType(c *pcall) {
	a := c.obj(0, "pthread_mutexattr_t")
	k := c.t.intExpr(c.as[1])
	if v, ok := k.(cfa.Const); ok {
		if _, valid := kindOfValue(v.Val); !valid {
			c.ret(num(cfa.EINVAL))
			return
		}
		c.t.set(a.v, k, c.p)
		c.ret(num(0))
		return
	}
	k = c.t.snapshot(k, c.as[1].Type(), c.p)
	valid := mkBin(cfa.And, mkBin(cfa.Le, num(0), k), mkBin(cfa.Le, k, num(mutexAdaptive)))
	c.t.choose(c.p,
		arm{cond: valid, body: func() { c.t.set(a.v, k, c.p); c.ret(num(0)) }},
		arm{cond: mkUn(cfa.Not, valid), body: func() { c.ret(num(cfa.EINVAL)) }})
}

func lowerMutexInit(c *pcall) {
	m := c.obj(0, "pthread_mutex_t")
	t := c.t
	if c.untrackedInit(m) {
		return
	}
	t.freshLock(m, c.p)
	if t.mutexKind(m) == cfa.UnknownMutexKind {
		t.set(t.kindField(m.v), c.attrKind(1, "pthread_mutexattr_t"), c.p)
	} else if !isNull(c.as[1]) {
		c.obj(1, "pthread_mutexattr_t")
	}
	c.sc.Object = m.v
	c.ret(num(0))
}

func lowerSpinInit(c *pcall) {
	s := c.obj(0, "pthread_spinlock_t")
	c.ignoreArg(1)
	if c.untrackedInit(s) {
		return
	}
	c.t.freshLock(s, c.p)
	c.ret(num(0))
}

// untrackedInit lowers the initialization of m, a lock of a heap block
// circ does not track, as nothing (locking it excludes nothing); it
// reports whether m was one.
func (c *pcall) untrackedInit(m *local) bool {
	if !m.untracked {
		return false
	}
	c.t.add(&cfa.Edge{Kind: cfa.Skip, Pos: c.p, Note: c.name + " on a mutex circ does not track"})
	c.ret(num(0))
	return true
}

// mutexOp lowers lock, trylock, timedlock and unlock of a mutex or spin
// lock, for its kind (or, for a mutex whose kind is chosen at run time,
// a branch on m.kind).
func (c *pcall) mutexOp(op mutexOpKind) {
	m := c.obj(0, "pthread_mutex_t", "pthread_spinlock_t", "mtx_t")
	c.sc.Effect = map[mutexOpKind]cfa.LockEffect{lockOp: cfa.Acquire, tryOp: cfa.TryAcquire, timedOp: cfa.TryAcquire, unlockOp: cfa.Release}[op]
	if m.untracked {
		// Another instance of a library's mutex: whether it is held
		// is not tracked, so taking it excludes nothing, and the
		// call may report anything.
		c.t.add(&cfa.Edge{Kind: cfa.Skip, Untracked: true, Cell: m.cell, Pos: c.p, Note: c.name + " on a mutex circ does not track"})
		if c.res != nil {
			c.t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: c.res, Untracked: true, Pos: c.p, Note: c.name + " on a mutex circ does not track"})
		}
		return
	}
	kind := c.t.mutexKind(m)
	c.sc.Kind = kind
	c.usable(m, func() {
		if dead := c.t.destroyedField(m); dead != nil {
			// glibc marks a destroyed mutex with an invalid kind:
			// locking or unlocking it fails with EINVAL and changes
			// nothing.
			c.t.choose(c.p,
				arm{cond: mkBin(cfa.Ne, ref(dead), num(0)), body: func() { c.ret(num(cfa.EINVAL)) }},
				arm{cond: mkBin(cfa.Eq, ref(dead), num(0)), body: func() { c.mutexOpLive(m, kind, op) }})
			return
		}
		c.mutexOpLive(m, kind, op)
	})
}

// mutexOpLive lowers op on m, a mutex not destroyed.
func (c *pcall) mutexOpLive(m *local, kind cfa.MutexKind, op mutexOpKind) {
	if kind != cfa.UnknownMutexKind {
		c.mutexOpKind(m.v, kind, op)
		return
	}
	k := ref(c.t.kindField(m.v))
	c.t.choose(c.p,
		arm{cond: mkBin(cfa.Eq, k, num(mutexRecursive)), body: func() { c.mutexOpKind(m.v, cfa.RecursiveMutex, op) }},
		arm{cond: mkBin(cfa.Eq, k, num(mutexErrorCheck)), body: func() { c.mutexOpKind(m.v, cfa.ErrorCheckMutex, op) }},
		arm{cond: mkBin(cfa.And, mkBin(cfa.Ne, k, num(mutexRecursive)), mkBin(cfa.Ne, k, num(mutexErrorCheck))),
			body: func() { c.mutexOpKind(m.v, cfa.NormalMutex, op) }})
}

// mutexOpKind lowers op on mutex m of a known kind. Recursive and
// error-checking mutexes keep, per thread, how often the thread holds
// them (held); a normal mutex needs no owner: relocking it deadlocks, and
// unlocking it releases it whoever holds it, as glibc does (POSIX leaves
// an unlock by a non-owner undefined; releasing is the behaviour that
// allows the most).
func (c *pcall) mutexOpKind(m *cfa.Var, kind cfa.MutexKind, op mutexOpKind) {
	t, p := c.t, c.p
	lock := func() { t.add(&cfa.Edge{Kind: cfa.Lock, Mutex: m, Pos: p}) }
	// acquire takes a free mutex: blocking, or (trylock) failing with
	// EBUSY, or (timedlock) failing with ETIMEDOUT while it is held.
	acquire := func(after func()) {
		switch op {
		case lockOp:
			lock()
			after()
			c.ret(num(0))
		case tryOp:
			r := t.temp(nil)
			t.add(&cfa.Edge{Kind: cfa.TryLock, LHS: r, Mutex: m, Pos: p})
			t.choose(p,
				arm{cond: mkBin(cfa.Eq, ref(r), num(0)), body: func() { after(); c.ret(num(0)) }},
				arm{cond: mkBin(cfa.Ne, ref(r), num(0)), body: func() { c.ret(num(cfa.EBUSY)) }})
		case timedOp:
			t.choose(p,
				arm{body: func() { lock(); after(); c.ret(num(0)) }},
				arm{cond: mkBin(cfa.Ne, ref(m), num(0)), body: func() { c.ret(num(cfa.ETIMEDOUT)) }})
		}
	}
	if kind == cfa.NormalMutex {
		switch op {
		case unlockOp:
			t.add(&cfa.Edge{Kind: cfa.Unlock, Mutex: m, Pos: p})
			c.ret(num(0))
		case tryOp:
			r := c.res
			if r == nil || c.c11 {
				r = t.temp(nil)
			}
			t.add(&cfa.Edge{Kind: cfa.TryLock, LHS: r, Mutex: m, Pos: p})
			if c.c11 {
				t.setIf(c.res, cfa.Cond{C: mkBin(cfa.Eq, ref(r), num(0)), T: num(thrdSuccess), F: num(thrdBusy)}, p)
			}
		default:
			acquire(func() {})
		}
		return
	}
	held := t.perThread(m, "held")
	h := ref(held)
	mine := mkBin(cfa.Gt, h, num(0))
	notMine := mkBin(cfa.Le, h, num(0))
	take := func() { t.set(held, num(1), p) }
	if op == unlockOp {
		arms := []arm{
			{cond: mkBin(cfa.Eq, h, num(1)), body: func() {
				t.add(&cfa.Edge{Kind: cfa.Unlock, Mutex: m, Pos: p})
				t.set(held, num(0), p)
				c.ret(num(0))
			}},
			{cond: notMine, body: func() { c.ret(num(cfa.EPERM)) }},
		}
		if kind == cfa.RecursiveMutex {
			arms = append(arms, arm{cond: mkBin(cfa.Gt, h, num(1)), body: func() {
				t.set(held, mkBin(cfa.Sub, h, num(1)), p)
				c.ret(num(0))
			}})
		}
		t.choose(p, arms...)
		return
	}
	relock := func() {
		switch {
		case kind == cfa.RecursiveMutex:
			t.set(held, mkBin(cfa.Add, h, num(1)), p)
			c.ret(num(0))
		case op == tryOp:
			c.ret(num(cfa.EBUSY))
		default:
			c.ret(num(cfa.EDEADLK))
		}
	}
	t.choose(p, arm{cond: mine, body: relock}, arm{cond: notMine, body: func() { acquire(take) }})
}

// ---- C11 <threads.h> ----

// C11 mutex types (mtx_init) and results (glibc's values).
const (
	c11Recursive = 1 // mtx_recursive
	thrdSuccess  = 0
	thrdBusy     = 1
	thrdError    = 2
	thrdTimedout = 4
)

// c11Code maps a POSIX result to C11's thrd_* codes.
func c11Code(posix int64) int64 {
	switch posix {
	case 0:
		return thrdSuccess
	case cfa.EBUSY:
		return thrdBusy
	case cfa.ETIMEDOUT:
		return thrdTimedout
	}
	return thrdError
}

// lowerMtxInit: mtx_init(&m, type) with type mtx_plain or mtx_timed,
// possibly | mtx_recursive. A plain C11 mutex relocked is undefined;
// glibc's deadlocks, as circ's normal kind does.
func lowerMtxInit(c *pcall) {
	m := c.obj(0, "mtx_t")
	t := c.t
	if t.mutexKind(m) != cfa.UnknownMutexKind {
		c.ignoreArg(1)
		t.freshLock(m, c.p)
		c.ret(num(thrdSuccess))
		return
	}
	ty := t.snapshot(t.intExpr(c.as[1]), c.as[1].Type(), c.p)
	t.freshLock(m, c.p)
	rec := mkBin(cfa.Ne, mkBin(cfa.BitAnd, ty, num(c11Recursive)), num(0))
	t.set(t.kindField(m.v), cfa.Cond{C: rec, T: num(mutexRecursive), F: num(mutexNormal)}, c.p)
	c.ret(num(thrdSuccess))
}

// ---- reader-writer locks ----

func lowerRwInit(c *pcall) {
	rw := c.obj(0, "pthread_rwlock_t")
	if !isNull(c.as[1]) {
		c.obj(1, "pthread_rwlockattr_t")
	}
	c.t.resetRw(rw.v, c.p)
	c.sc.Object = rw.v
	c.sc.Readers = c.t.field(rw.v, "readers", 0)
	c.ret(num(0))
}

// declaredSync puts l, a synchronization object whose declaration with
// an initializer runs (again, in a loop), in its initial state: a new
// object, which no thread holds, the declaring one included (a read lock
// it held of the object whose lifetime ended does not carry over).
func (t *tb) declaredSync(l *local, p cfa.Pos) {
	v := l.v
	t.set(v, num(0), p)
	t.setGarbage(v, false, p)
	if k, ok := t.b.staticKind[v]; ok && t.mutexKind(l) == cfa.UnknownMutexKind {
		t.set(t.kindField(v), num(int64(kindValue[k])), p)
	}
	switch {
	case l.sync == "pthread_rwlock_t":
		t.resetRw(v, p)
		t.set(t.perThread(v, "rd"), num(0), p)
		t.set(t.perThread(v, "wr"), num(0), p)
	case l.sync == "pthread_mutex_t" && t.mutexKind(l) != cfa.NormalMutex:
		t.set(t.perThread(v, "held"), num(0), p)
	}
}

// resetRw puts rwlock rw in its initial state: neither writer nor
// reader holds it.
func (t *tb) resetRw(rw *cfa.Var, p cfa.Pos) {
	t.set(rw, num(0), p)
	t.set(t.field(rw, "readers", 0), num(0), p)
}

// staticSync writes over l, a synchronization object, the bytes of a
// static initializer: a memset with byte 0 (n its argument), or CIL's
// assignments to every field (n the first, syncfields.go); how names
// the write. In glibc the all-zero bytes are the static initializer of
// a mutex (PTHREAD_MUTEX_INITIALIZER, a normal mutex), a spin lock, a
// rwlock, a condition variable and a once-control (PTHREAD_ONCE_INIT);
// a mutex's __kind may make it another kind, kind. Writing one puts it
// in that state, even while a thread holds it, since the write does
// not ask the lock. A thread handle of zero bytes names no thread, as
// pthread_t t = 0 does (a join of it fails). For any other type
// (a semaphore, a barrier, an attribute, C11's objects) zero bytes are
// no state POSIX defines, and n is rejected.
func (t *tb) staticSync(l *local, kind cfa.MutexKind, how string, n cc.Node, p cfa.Pos) {
	switch l.sync {
	case "pthread_mutex_t", "pthread_spinlock_t", "pthread_rwlock_t", "pthread_cond_t", "pthread_once_t", "pthread_t":
	default:
		t.b.fail(n, "unsupported: %s over %s", how, l.sync)
	}
	if l.untracked {
		// An instance of a summary that circ does not track: locking
		// it excludes nothing, so its state is nothing to reset.
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: how + " over " + l.sync + " circ does not track"})
		return
	}
	switch l.sync {
	case "pthread_mutex_t":
		switch k := t.mutexKind(l); k {
		case kind:
		case cfa.UnknownMutexKind:
			t.set(t.kindField(l.v), num(int64(kindValue[kind])), p)
		default:
			// Its kind is fixed by lowering, to another one.
			t.b.fail(n, "unsupported: %s over %s, a %s mutex", how, l.v.CName, k)
		}
		t.freshLock(l, p)
	case "pthread_spinlock_t":
		t.freshLock(l, p)
	case "pthread_rwlock_t":
		t.resetRw(l.v, p)
	case "pthread_cond_t":
		// Waiting is not modelled by state (condWait): nothing to reset.
	default:
		t.set(l.v, num(0), p)
	}
}

// rwOp lowers the locking calls of a rwlock: its variable is 1 while a
// writer holds it, rw.readers counts the readers. Readers share; a writer
// waits until there is neither writer nor reader. Waiting writers do not
// hold readers back (glibc's default): any order of grants is possible,
// which covers every preference policy. Each thread counts the read
// locks it holds (rd) and whether it holds the write lock (wr): locking
// again while holding the write lock fails with EDEADLK, a write lock
// requested while holding a read lock waits forever (the try functions
// fail with EBUSY in both cases).
func (c *pcall) rwOp(mode cfa.LockMode, op mutexOpKind) {
	t, p := c.t, c.p
	rw := c.obj(0, "pthread_rwlock_t").v
	readers := t.field(rw, "readers", 0)
	rd, wr := t.perThread(rw, "rd"), t.perThread(rw, "wr")
	c.sc.Readers = readers
	c.sc.Mode = mode
	c.sc.Effect = map[mutexOpKind]cfa.LockEffect{lockOp: cfa.Acquire, tryOp: cfa.TryAcquire, timedOp: cfa.TryAcquire}[op]
	free := mkBin(cfa.Eq, ref(rw), num(0))
	grant := func() {
		t.set(rw, num(1), p)
	}
	mark := func() { t.set(wr, num(1), p) }
	if mode == cfa.Shared {
		grant = func() { t.set(readers, mkBin(cfa.Add, ref(readers), num(1)), p) }
		mark = func() { t.set(rd, mkBin(cfa.Add, ref(rd), num(1)), p) }
	} else {
		free = mkBin(cfa.And, free, mkBin(cfa.Eq, ref(readers), num(0)))
	}
	notWriter := mkBin(cfa.Le, ref(wr), num(0))
	var arms []arm
	switch op {
	case lockOp, timedOp:
		arms = []arm{{cond: free, atomic: true, body: grant, after: func() { mark(); c.ret(num(0)) }}}
		if op == timedOp {
			arms = append(arms, arm{cond: mkUn(cfa.Not, free), body: func() { c.ret(num(cfa.ETIMEDOUT)) }})
		}
	case tryOp:
		// glibc's try functions check no owner: a thread holding the
		// write lock finds it busy.
		t.atomic(nil, p, "", func() {
			t.choose(p,
				arm{cond: free, body: func() { grant(); mark(); c.ret(num(0)) }},
				arm{cond: mkUn(cfa.Not, free), body: func() { c.ret(num(cfa.EBUSY)) }})
		})
		return
	}
	t.choose(p,
		arm{cond: mkBin(cfa.Gt, ref(wr), num(0)), body: func() { c.ret(num(cfa.EDEADLK)) }},
		arm{cond: notWriter, body: func() { t.choose(p, arms...) }})
}

// lowerRwUnlock releases the lock the thread holds: the write lock, or
// one of its read locks. Unlocking a rwlock the thread does not hold is
// undefined in POSIX (glibc then takes it for a reader's unlock and
// corrupts the reader count): a finding.
func lowerRwUnlock(c *pcall) {
	t, p := c.t, c.p
	rw := c.obj(0, "pthread_rwlock_t").v
	readers := t.field(rw, "readers", 0)
	rd, wr := t.perThread(rw, "rd"), t.perThread(rw, "wr")
	c.sc.Readers = readers
	c.sc.Effect = cfa.Release
	t.choose(p,
		arm{cond: mkBin(cfa.Gt, ref(wr), num(0)), body: func() {
			t.set(rw, num(0), p)
			t.set(wr, num(0), p)
			c.ret(num(0))
		}},
		arm{cond: mkBin(cfa.And, mkBin(cfa.Le, ref(wr), num(0)), mkBin(cfa.Gt, ref(rd), num(0))), body: func() {
			t.set(readers, mkBin(cfa.Sub, ref(readers), num(1)), p)
			t.set(rd, mkBin(cfa.Sub, ref(rd), num(1)), p)
			c.ret(num(0))
		}},
		arm{cond: mkBin(cfa.And, mkBin(cfa.Le, ref(wr), num(0)), mkBin(cfa.Le, ref(rd), num(0))), body: func() {
			t.undefined(p, "pthread_rwlock_unlock of "+rw.CName+", which the thread does not hold")
		}})
}

// ---- semaphores ----

func lowerSemInit(c *pcall) {
	s := c.obj(0, "sem_t").v
	c.ignoreArg(1)
	v := c.t.snapshot(c.t.intExpr(c.as[2]), c.as[2].Type(), c.p)
	c.t.choose(c.p,
		arm{cond: mkBin(cfa.Ge, v, num(0)), body: func() { c.t.set(s, v, c.p); c.ret(num(0)) }},
		arm{cond: mkBin(cfa.Lt, v, num(0)), body: func() { c.ret(num(-1)) }})
}

// semWait lowers sem_wait (wait until the value is positive, then
// decrement it, in one step), sem_trywait (-1, errno EAGAIN, when it is
// 0) and sem_timedwait (-1 while it is 0: the time may run out).
func (c *pcall) semWait(op mutexOpKind) {
	t, p := c.t, c.p
	s := c.obj(0, "sem_t").v
	c.sc.Effect = map[mutexOpKind]cfa.LockEffect{lockOp: cfa.Acquire, tryOp: cfa.TryAcquire, timedOp: cfa.TryAcquire}[op]
	pos := mkBin(cfa.Gt, ref(s), num(0))
	take := func() { t.set(s, mkBin(cfa.Sub, ref(s), num(1)), p); c.ret(num(0)) }
	switch op {
	case lockOp:
		t.atomic(pos, p, "", take)
	case timedOp:
		t.choose(p, arm{cond: pos, atomic: true, body: take},
			arm{cond: mkUn(cfa.Not, pos), body: func() { c.ret(num(-1)) }})
	case tryOp:
		t.atomic(nil, p, "", func() {
			t.choose(p, arm{cond: pos, body: take}, arm{cond: mkUn(cfa.Not, pos), body: func() { c.ret(num(-1)) }})
		})
	}
}

func lowerSemPost(c *pcall) {
	s := c.obj(0, "sem_t").v
	c.sc.Effect = cfa.Release
	c.t.set(s, mkBin(cfa.Add, ref(s), num(1)), c.p)
	c.ret(num(0))
}

func lowerSemGetValue(c *pcall) {
	s := c.obj(0, "sem_t").v
	out := c.t.outVar(c.as[1], c.name)
	c.t.set(out, ref(s), c.p)
	c.ret(num(0))
}

// outVar resolves an output argument &v, v an integer variable.
func (t *tb) outVar(n cc.ExpressionNode, fn string) *cfa.Var {
	l, at := t.addrOfVar(n, fn+" output")
	if l.v.Kind != cfa.Data {
		t.b.fail(at, "%s: %s is not an integer variable", fn, l.v.CName)
	}
	return l.v
}

// ---- condition variables ----

func lowerCondInit(c *pcall) {
	c.obj(0, "pthread_cond_t")
	if !isNull(c.as[1]) {
		c.obj(1, "pthread_condattr_t")
	}
	c.ret(num(0))
}

// condWait lowers pthread_cond_wait: release the mutex, then take it
// again. Waking needs no signal, since POSIX allows spurious wake-ups:
// a wait may end at any time, so no correct program depends on which
// signal wakes whom, and signal and broadcast have no effect of their
// own. A timed wait may also return ETIMEDOUT (with the mutex taken
// again).
func (c *pcall) condWait(timed bool) {
	c.obj(0, "pthread_cond_t", "cnd_t")
	m := c.t.syncObj(c.as[1], c.name, "pthread_mutex_t", "mtx_t")
	c.usable(m, func() { c.condWaitOn(m, timed) })
}

// condWaitOn is condWait on m, a mutex.
func (c *pcall) condWaitOn(m *local, timed bool) {
	kind := c.t.mutexKind(m)
	c.sc.Object = m.v
	c.sc.Kind = kind
	res := c.res
	c.res = nil
	wait := func(k cfa.MutexKind) {
		c.mutexOpKind(m.v, k, unlockOp)
		c.mutexOpKind(m.v, k, lockOp)
	}
	if kind == cfa.UnknownMutexKind {
		k := ref(c.t.kindField(m.v))
		c.t.choose(c.p,
			arm{cond: mkBin(cfa.Eq, k, num(mutexRecursive)), body: func() { wait(cfa.RecursiveMutex) }},
			arm{cond: mkBin(cfa.Eq, k, num(mutexErrorCheck)), body: func() { wait(cfa.ErrorCheckMutex) }},
			arm{cond: mkBin(cfa.And, mkBin(cfa.Ne, k, num(mutexRecursive)), mkBin(cfa.Ne, k, num(mutexErrorCheck))),
				body: func() { wait(cfa.NormalMutex) }})
	} else {
		wait(kind)
	}
	c.res = res
	if timed {
		c.t.choose(c.p, arm{body: func() { c.ret(num(0)) }}, arm{body: func() { c.ret(num(cfa.ETIMEDOUT)) }})
	} else {
		c.ret(num(0))
	}
}

// ---- barriers ----

func lowerBarrierInit(c *pcall) {
	t, p := c.t, c.p
	b := c.obj(0, "pthread_barrier_t").v
	if !isNull(c.as[1]) {
		c.obj(1, "pthread_barrierattr_t")
	}
	n := t.snapshot(t.intExpr(c.as[2]), c.as[2].Type(), p)
	t.choose(p,
		arm{cond: mkBin(cfa.Gt, n, num(0)), body: func() {
			t.set(b, num(0), p)
			t.set(t.field(b, "count", 0), n, p)
			c.ret(num(0))
		}},
		arm{cond: mkBin(cfa.Le, n, num(0)), body: func() { c.ret(num(cfa.EINVAL)) }})
}

// lowerBarrierWait: the barrier's variable counts the threads arrived in
// the current generation b.gen. The thread that completes the count
// starts the next generation and returns PTHREAD_BARRIER_SERIAL_THREAD;
// the others remember the generation they arrived in (a per-thread
// local) and wait until it is over.
func lowerBarrierWait(c *pcall) {
	t, p := c.t, c.p
	b := c.obj(0, "pthread_barrier_t").v
	count, gen := t.field(b, "count", 0), t.field(b, "gen", 0)
	mine := t.perThread(b, "gen")
	last := t.temp(nil)
	t.atomic(nil, p, "", func() {
		t.set(b, mkBin(cfa.Add, ref(b), num(1)), p)
		t.choose(p,
			arm{cond: mkBin(cfa.Ge, ref(b), ref(count)), body: func() {
				t.set(b, num(0), p)
				t.set(gen, mkBin(cfa.Add, ref(gen), num(1)), p)
				t.set(last, num(1), p)
			}},
			arm{cond: mkBin(cfa.Lt, ref(b), ref(count)), body: func() {
				t.set(mine, ref(gen), p)
				t.set(last, num(0), p)
			}})
	})
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(last), num(1)), body: func() { c.ret(num(cfa.PTHREAD_BARRIER_SERIAL_THREAD)) }},
		arm{cond: mkBin(cfa.Eq, ref(last), num(0)), body: func() {
			t.wait(mkBin(cfa.Ne, ref(gen), ref(mine)), p)
			c.ret(num(0))
		}})
}

// ---- pthread_once ----

// lowerOnce: the once-control is 0 before the routine starts, 1 while
// it runs, 2 once it has returned. The first caller moves it from 0 to 1
// and runs the routine; every other caller waits until it is 2.
func lowerOnce(c *pcall) {
	t, p := c.t, c.p
	o := c.obj(0, "pthread_once_t", "once_flag").v
	call := t.routine(c.as[1], "pthread_once routine", 0)
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(o), num(0)), atomic: true, body: func() { t.set(o, num(1), p) }, after: func() {
			first := len(t.c.Edges)
			call(func(fd *cc.FunctionDefinition) { t.enter(fd, c.x, nil, false, p) })
			c.user = append(c.user, [2]int{first, len(t.c.Edges)})
			t.set(o, num(2), p)
		}},
		arm{cond: mkBin(cfa.Eq, ref(o), num(2))})
	c.ret(num(0))
}

// unsupportedPrims are API functions circ does not model yet: calling
// one is an error naming it, never a silent guess.
var unsupportedPrims = map[string]string{
	"pthread_mutexattr_setrobust": "robust mutexes",
	"pthread_mutex_consistent":    "robust mutexes",
	"pthread_kill":                "signals",
	"sem_open":                    "named semaphores",
	"sem_close":                   "named semaphores",
	"sem_unlink":                  "named semaphores",
}

func (t *tb) unsupportedPrim(name string, x *cc.PostfixExpression) {
	if why, ok := unsupportedPrims[name]; ok {
		t.b.fail(x, "unsupported: %s (%s)", name, why)
	}
	if _, ok := libcFuncs[name]; ok {
		return // pthread_sigmask: a row of the table
	}
	if strings.HasPrefix(name, "pthread_") || strings.HasPrefix(name, "sem_") || strings.HasPrefix(name, "thrd_") || strings.HasPrefix(name, "mtx_") || strings.HasPrefix(name, "cnd_") {
		t.b.fail(x, "unsupported: %s", name)
	}
}

// tagName is the tag of struct or union type t ("" for none or for
// another type).
func tagName(t cc.Type) string {
	var tag cc.Token
	switch x := t.(type) {
	case *cc.StructType:
		tag = x.Tag()
	case *cc.UnionType:
		tag = x.Tag()
	}
	return tag.SrcStr()
}
