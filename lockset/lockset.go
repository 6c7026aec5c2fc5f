// Package lockset is the classic static lockset check (Eraser's lockset
// discipline, as the nesC compiler and static lockset tools apply it) on
// circ's CFAs. It is the baseline that circ is compared against: fast and
// simple, and imprecise exactly where CIRC is not.
//
// For each thread template a flow-sensitive forward dataflow over its CFA
// computes, at each location, the set of locks definitely held there (the
// intersection over all paths reaching it):
//
//   - a lock is added where a thread acquires it and removed where it
//     releases it: a mutex (pthread, C11 or spin lock; a recursive one
//     counts how often it is held), a rwlock in write or read mode, and
//     a semaphore that every sem_init starts at 1 (sem_wait takes it,
//     sem_post gives it back); any other semaphore protects nothing;
//   - a trylock or timed lock: the lock is held only on the paths that
//     pass an `assume r == 0` edge on the call's result r (also written
//     `!r`, `!(r != 0)`, `0 == r`, or through copies r2 := r) before r
//     is overwritten; on every other path it is treated as not held. A
//     trylock whose result is ignored therefore protects nothing.
//   - the pseudo-lock "atomic" is held at every atomic location (atomic
//     sections, `__VERIFIER_atomic_*` functions, nesC atomic: interrupts
//     disabled).
//
// Every edge that reads or writes a data or thread-handle global
// (cfa.Edge.Reads/Writes) is an access, with the lockset of its source
// location. Two accesses conflict when they may come from different
// threads (different templates, or the same template when it can run
// more than one instance), at least one is a write, and they hold no
// lock in common that excludes one from the other (two read locks of a
// rwlock do not). A variable with a conflicting pair is reported `race`,
// otherwise `safe`. The check never says `unknown`.
//
// Like the classic tools, the check ignores thread creation and join
// ordering, with one common refinement: accesses by main before its first
// thread creation (on every path from main's entry) run while no other
// thread exists and are not concurrent with anything. Accesses after a
// join, or by a thread before it creates others, are still considered
// concurrent. No values are tracked, so synchronization through values
// (state variables, test-and-set loops, flags, split-phase interrupt
// enabling) gives false alarms: that is the imprecision the comparison
// with circ shows. A lockset `race` is a warning, not a replayed trace.
package lockset

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"circ/cfa"
	"circ/report"
)

// Engine is the name lockset results carry in report.Result.Engine.
const Engine = "lockset"

// RaceDef is the race definition lockset results carry: a violation of
// the lockset discipline.
const RaceDef = "lockset"

// AtomicLock is the pseudo-lock held at atomic locations.
const AtomicLock = "atomic"

// Access is one access to a data or thread-handle global, with the locks held.
type Access struct {
	Template *cfa.CFA
	Edge     *cfa.Edge
	Var      *cfa.Var
	Write    bool
	// Locks are the names (C names) of the locks definitely held,
	// sorted; AtomicLock when the access is at an atomic location.
	Locks []string
	// PreCreate marks an access by main before its first thread
	// creation on every path: not concurrent with any other access.
	PreCreate bool
}

// Concurrent reports whether a and b may be made by two distinct threads
// running at the same time (as far as the lockset check knows).
func Concurrent(a, b *Access) bool {
	if a.PreCreate || b.PreCreate || !cfa.MayRace(a.Template, b.Template, a.Var) {
		return false
	}
	if a.Template != b.Template {
		return true
	}
	m := a.Template.Mult
	return m.Unbounded || m.Count > 1
}

// Conflict reports whether a and b violate the lockset discipline:
// concurrent, at least one a write, and no lock in common that excludes
// one from the other (two read locks of a rwlock do not).
func Conflict(a, b *Access) bool {
	if !(a.Write || b.Write) || !Concurrent(a, b) {
		return false
	}
	for _, l := range a.Locks {
		for _, m := range b.Locks {
			if _, ok := excludes(l, m); ok {
				return false
			}
		}
	}
	return true
}

// excludes reports whether two threads holding l and m exclude each
// other: l and m name one lock (base), not both in read mode.
func excludes(l, m string) (base string, ok bool) {
	lb, lr := strings.CutSuffix(l, readSuffix)
	mb, mr := strings.CutSuffix(m, readSuffix)
	return lb, lb == mb && !(lr && mr)
}

// Kind is "write" or "read".
func (a *Access) Kind() string {
	if a.Write {
		return "write"
	}
	return "read"
}

// String describes the access: "worker at f.c:12:5 writes x holding {m}".
func (a *Access) String() string {
	pre := ""
	if a.PreCreate {
		pre = " (before any thread is created)"
	}
	return fmt.Sprintf("%s at %s %s %s holding {%s}%s", a.Template.Name, a.Edge.Pos, a.Kind()+"s", a.Var.SourceName(), strings.Join(a.Locks, ", "), pre)
}

// Analysis is the result of the dataflow over every template.
type Analysis struct {
	Program *cfa.Program
	// Held[t][l] is the set of locks definitely held at location l of
	// template t (nil: l unreachable), atomic pseudo-lock included.
	Held [][][]string
	// Accesses lists every access to a data or thread-handle global at a reachable
	// location, template by template, in edge order.
	Accesses []*Access
	// Elapsed is the time the dataflow took.
	Elapsed time.Duration
}

// Analyze runs the lockset dataflow on every template of p.
func Analyze(p *cfa.Program) *Analysis {
	a, _ := analyze(p, false)
	return a
}

// analyze is Analyze, strict as in flowCtx, also returning each
// template's dataflow states.
func analyze(p *cfa.Program, strict bool) (*Analysis, [][]*state) {
	start := time.Now()
	a := &Analysis{Program: p, Held: make([][][]string, len(p.Templates))}
	all := make([][]*state, len(p.Templates))
	rws := rwlocks(p)
	for i, c := range p.Templates {
		states := flow(p, c, rws, strict)
		all[i] = states
		preCreate := []bool(nil)
		if i == 0 {
			preCreate = beforeCreate(c)
		}
		a.Held[i] = make([][]string, len(c.Locs))
		for l, s := range states {
			if s != nil {
				a.Held[i][l] = s.names(c.Locs[l].Atomic)
			}
		}
		for _, e := range c.Edges {
			locks := a.Held[i][e.From]
			if states[e.From] == nil {
				continue // unreachable
			}
			pre := preCreate != nil && preCreate[e.From]
			for _, v := range e.Writes {
				a.Accesses = append(a.Accesses, &Access{Template: c, Edge: e, Var: v, Write: true, Locks: locks, PreCreate: pre})
			}
			for _, v := range e.Reads {
				if acc, w := e.Accesses(v); acc && w {
					continue // read and written by one edge: one write access
				}
				a.Accesses = append(a.Accesses, &Access{Template: c, Edge: e, Var: v, Locks: locks, PreCreate: pre})
			}
		}
	}
	a.Elapsed = time.Since(start)
	return a, all
}

// Of returns the accesses to v.
func (a *Analysis) Of(v *cfa.Var) []*Access {
	var out []*Access
	for _, acc := range a.Accesses {
		if acc.Var == v {
			out = append(out, acc)
		}
	}
	return out
}

// Check gives the lockset verdict on v: the first conflicting pair (in
// access order, writes of the earlier access first) or safe.
func (a *Analysis) Check(v *cfa.Var) report.Result {
	start := time.Now()
	res := report.Result{Variable: v.SourceName(), Engine: Engine, RaceDef: RaceDef}
	accs := a.Of(v)
	for i, x := range accs {
		for _, y := range accs[i:] {
			if Conflict(x, y) {
				res.Verdict = report.Race
				first, second := x, y
				if !first.Write {
					first, second = second, first
				}
				other := second.String()
				if first.Template == second.Template {
					other = "another " + other
				}
				res.Reason = fmt.Sprintf("%s ; %s (lockset warning, not a replayed trace)", first, other)
				res.Seconds = (a.Elapsed + time.Since(start)).Seconds()
				return res
			}
		}
	}
	res.Verdict = report.Safe
	concurrent := 0
	for _, x := range accs {
		if !x.PreCreate {
			concurrent++
		}
	}
	switch {
	case len(accs) == 0:
		res.Reason = "lockset: no access to " + res.Variable
	case !hasConcurrentPair(accs):
		res.Reason = fmt.Sprintf("lockset: the %d accesses cannot come from two concurrent threads", len(accs))
	default:
		res.Reason = fmt.Sprintf("lockset: every pair of concurrent accesses with a write shares a lock (%d accesses, %d after thread creation)", len(accs), concurrent)
	}
	res.Seconds = (a.Elapsed + time.Since(start)).Seconds()
	return res
}

func hasConcurrentPair(accs []*Access) bool {
	for i, x := range accs {
		for _, y := range accs[i:] {
			if Concurrent(x, y) && (x.Write || y.Write) {
				return true
			}
		}
	}
	return false
}

// Check runs the lockset check on p for each variable of vars (nil: every
// shared data or thread-handle global, p.SharedMemory()).
func Check(p *cfa.Program, vars []*cfa.Var) []report.Result {
	if vars == nil {
		vars = p.SharedMemory()
	}
	a := Analyze(p)
	out := make([]report.Result, len(vars))
	for i, v := range vars {
		out[i] = a.Check(v)
	}
	return out
}

// lock is a lock a thread can hold: an object in a mode (a rwlock's read
// mode is Shared; everything else is Exclusive).
type lock struct {
	obj  *cfa.Var
	mode cfa.LockMode
}

func (l lock) name() string {
	if l.mode == cfa.Shared {
		return l.obj.SourceName() + readSuffix
	}
	return l.obj.SourceName()
}

// readSuffix marks a lock held in read mode in Access.Locks.
const readSuffix = "(read)"

// state is the dataflow fact at a location: the locks definitely held,
// with how many times (recursive mutexes and read locks count), and the
// trylock results r whose zero value means "lock acquired" (pending[r] =
// locks), definitely on every path. The strict dataflow also keeps the
// values of the thread's bookkeeping of its locks known on every path
// (own, cfa.Var.ThreadBookkeeping), so that it can tell which arms of a
// lowered rwlock call the thread may take.
type state struct {
	held    map[lock]int
	pending map[*cfa.Var]map[lock]bool
	own     map[*cfa.Var]int64
}

func newState() *state {
	return &state{held: map[lock]int{}, pending: map[*cfa.Var]map[lock]bool{}, own: map[*cfa.Var]int64{}}
}

func (s *state) clone() *state {
	t := newState()
	for l, n := range s.held {
		t.held[l] = n
	}
	for r, ls := range s.pending {
		t.pending[r] = map[lock]bool{}
		for l := range ls {
			t.pending[r][l] = true
		}
	}
	for v, n := range s.own {
		t.own[v] = n
	}
	return t
}

// meet intersects s with t in place (the smaller count of each lock) and
// reports whether s changed.
func (s *state) meet(t *state) bool {
	changed := false
	for l, n := range s.held {
		if m := t.held[l]; m < n {
			if m == 0 {
				delete(s.held, l)
			} else {
				s.held[l] = m
			}
			changed = true
		}
	}
	for r, ls := range s.pending {
		for l := range ls {
			if !t.pending[r][l] {
				delete(ls, l)
				changed = true
			}
		}
		if len(ls) == 0 {
			delete(s.pending, r)
		}
	}
	for v, n := range s.own {
		if m, ok := t.own[v]; !ok || m != n {
			delete(s.own, v)
			changed = true
		}
	}
	return changed
}

func (s *state) names(atomic bool) []string {
	out := []string{}
	for l := range s.held {
		out = append(out, l.name())
	}
	if atomic {
		out = append(out, AtomicLock)
	}
	sort.Strings(out)
	return out
}

// flowCtx is what the transfer function needs to know about the
// program: the locations inside each lowered primitive call, and the
// semaphores that are locks.
type flowCtx struct {
	inner     map[*cfa.SyncCall]map[int]bool
	binarySem map[*cfa.Var]bool
	rwlocks   rwlockCounters
	// strict: only the CFA's own lock, unlock and trylock edges count
	// (proof.go), not a lowered call's documented effect.
	strict bool
}

// newFlowCtx scans c's lowered primitive calls, and p's for semaphores
// whose every sem_init gives 1: those are locks (sem_wait takes,
// sem_post gives back); any other semaphore protects nothing.
func newFlowCtx(p *cfa.Program, c *cfa.CFA, rws rwlockCounters) *flowCtx {
	f := &flowCtx{inner: map[*cfa.SyncCall]map[int]bool{}, binarySem: map[*cfa.Var]bool{}, rwlocks: rws}
	for _, e := range c.Edges {
		if e.Sync != nil {
			if f.inner[e.Sync] == nil {
				f.inner[e.Sync] = map[int]bool{}
			}
			f.inner[e.Sync][e.From] = true
		}
	}
	notBinary := map[*cfa.Var]bool{}
	for _, t := range p.Templates {
		for _, e := range t.Edges {
			if e.Sync == nil || e.Sync.Func != "sem_init" || e.Kind != cfa.Assign || e.LHS != e.Sync.Object {
				continue
			}
			if k, ok := e.RHS.(cfa.Const); ok && k.Val == 1 {
				f.binarySem[e.LHS] = true
			} else {
				notBinary[e.LHS] = true
			}
		}
	}
	for v := range notBinary {
		delete(f.binarySem, v)
	}
	return f
}

// post is the transfer function of e: nil where the strict dataflow
// knows the thread cannot take e.
func (f *flowCtx) post(s *state, e *cfa.Edge) *state {
	if !f.strict {
		return f.postLocks(s, e)
	}
	if e.Kind == cfa.Assume && !s.mayHold(e.Cond) {
		return nil
	}
	t := f.postLocks(s, e)
	t.assignOwn(e)
	return t
}

// postLocks is e's effect on the locks held.
func (f *flowCtx) postLocks(s *state, e *cfa.Edge) *state {
	t := s.clone()
	if sc := e.Sync; sc != nil && !f.strict {
		t.local(e)
		// A lowered call acts as a whole on the edges that leave it.
		if !f.inner[sc][e.To] {
			f.call(t, sc)
		}
		return t
	}
	if rw := f.rwlocks.written(e); f.strict && rw != nil {
		t.local(e)
		f.rwStep(t, e, rw)
		return t
	}
	if f.strict && e.LHS != nil && e.LHS.Kind == cfa.Mutex && (e.Kind == cfa.Assign || e.Kind == cfa.Havoc) {
		// pthread_mutex_init, a memset of the mutex: whatever it
		// stores, the lock is no longer surely held.
		delete(t.held, lock{e.LHS, cfa.Exclusive})
	}
	switch e.Kind {
	case cfa.Lock:
		f.acquire(t, lock{e.Mutex, cfa.Exclusive}, cfa.NormalMutex)
	case cfa.Unlock:
		f.release(t, e.Mutex, cfa.NormalMutex)
	case cfa.TryLock:
		t.local(e)
		t.tryAcquire(lock{e.Mutex, cfa.Exclusive}, e.LHS)
	default:
		t.local(e)
	}
	return t
}

// local is the effect of e's plain operations on pending trylock
// results: an assignment moves or kills them, an assumption r == 0
// acquires r's locks.
func (s *state) local(e *cfa.Edge) {
	switch e.Kind {
	case cfa.Assign:
		var copied map[lock]bool
		if r, ok := e.RHS.(cfa.Ref); ok && len(s.pending[r.V]) > 0 && !e.LHS.Global {
			copied = map[lock]bool{}
			for l := range s.pending[r.V] {
				copied[l] = true
			}
		}
		delete(s.pending, e.LHS)
		if copied != nil {
			s.pending[e.LHS] = copied
		}
	case cfa.Havoc, cfa.Create, cfa.TryLock:
		if e.LHS != nil {
			delete(s.pending, e.LHS)
		}
	case cfa.Assume:
		for _, r := range zeroVars(e.Cond) {
			for l := range s.pending[r] {
				s.held[l] = max(s.held[l], 1)
			}
		}
	}
}

// call applies a lowered primitive call's effect on the locks held.
func (f *flowCtx) call(s *state, sc *cfa.SyncCall) {
	obj := sc.Object
	if obj == nil {
		return
	}
	if obj.Kind == cfa.Sync && sc.Mode == cfa.Exclusive && !f.binarySem[obj] && !strings.HasPrefix(sc.Func, "pthread_rwlock_") {
		return // a counting semaphore protects nothing
	}
	switch sc.Effect {
	case cfa.Acquire:
		f.acquire(s, lock{obj, sc.Mode}, sc.Kind)
	case cfa.TryAcquire:
		if sc.Result != nil {
			s.tryAcquire(lock{obj, sc.Mode}, sc.Result)
		}
	case cfa.Release:
		f.release(s, obj, sc.Kind)
	}
}

// acquire adds l: once more for a recursive mutex or a read lock, at
// least once for a mutex whose kind is only known at run time (a
// must-analysis may count low, never high).
func (f *flowCtx) acquire(s *state, l lock, kind cfa.MutexKind) {
	switch {
	case kind == cfa.RecursiveMutex || l.mode == cfa.Shared:
		s.held[l]++
	default:
		s.held[l] = 1
	}
	s.dropPending(l.obj)
}

// release gives back one level of obj: its write lock if held, else one
// of its read locks; all of it for a non-recursive mutex, or one whose
// kind is only known at run time.
func (f *flowCtx) release(s *state, obj *cfa.Var, kind cfa.MutexKind) {
	l := lock{obj, cfa.Exclusive}
	if s.held[l] == 0 && s.held[lock{obj, cfa.Shared}] > 0 {
		l = lock{obj, cfa.Shared}
	}
	if s.held[l] > 1 && (kind == cfa.RecursiveMutex || l.mode == cfa.Shared) {
		s.held[l]--
	} else {
		delete(s.held, l)
	}
	s.dropPending(obj)
}

// tryAcquire makes l held on the paths where r is then tested 0. A
// result in a global, which another thread may overwrite before the
// test, tells nothing.
func (s *state) tryAcquire(l lock, r *cfa.Var) {
	delete(s.pending, r)
	if s.held[l] == 0 && !r.Global {
		s.pending[r] = map[lock]bool{l: true}
	}
}

// dropPending forgets pending trylocks of obj once obj is locked or
// unlocked explicitly.
func (s *state) dropPending(obj *cfa.Var) {
	for r, ls := range s.pending {
		for l := range ls {
			if l.obj == obj {
				delete(ls, l)
			}
		}
		if len(ls) == 0 {
			delete(s.pending, r)
		}
	}
}

// zeroVars returns the variables that cond forces to be 0: r == 0,
// 0 == r, !r, !(r != 0), and conjunctions of those.
func zeroVars(cond cfa.Expr) []*cfa.Var {
	switch c := cond.(type) {
	case cfa.Binary:
		switch c.Op {
		case cfa.Eq:
			if r, ok := c.X.(cfa.Ref); ok && isZero(c.Y) {
				return []*cfa.Var{r.V}
			}
			if r, ok := c.Y.(cfa.Ref); ok && isZero(c.X) {
				return []*cfa.Var{r.V}
			}
		case cfa.And:
			return append(zeroVars(c.X), zeroVars(c.Y)...)
		}
	case cfa.Unary:
		if c.Op != cfa.Not {
			return nil
		}
		switch x := c.X.(type) {
		case cfa.Ref:
			return []*cfa.Var{x.V}
		case cfa.Binary:
			if x.Op == cfa.Ne {
				return zeroVars(cfa.Binary{Op: cfa.Eq, X: x.X, Y: x.Y})
			}
		}
	}
	return nil
}

func isZero(e cfa.Expr) bool {
	c, ok := e.(cfa.Const)
	return ok && c.Val == 0
}

// flow computes the must-lockset state at every location of c (nil:
// unreachable) by a worklist iteration to the greatest fixpoint.
func flow(p *cfa.Program, c *cfa.CFA, rws rwlockCounters, strict bool) []*state {
	f := newFlowCtx(p, c, rws)
	f.strict = strict
	states := make([]*state, len(c.Locs))
	states[c.Entry] = newState()
	if strict {
		for _, v := range c.Locals {
			// A thread starts its locals at 0; one whose Init
			// says otherwise is left unknown.
			if v.ThreadBookkeeping() && v.Init == 0 {
				states[c.Entry].own[v] = 0
			}
		}
	}
	work := []int{c.Entry}
	queued := make([]bool, len(c.Locs))
	queued[c.Entry] = true
	for len(work) > 0 {
		l := work[0]
		work = work[1:]
		queued[l] = false
		for _, e := range c.Out[l] {
			t := f.post(states[l], e)
			switch {
			case t == nil:
				continue // the thread cannot take e
			case states[e.To] == nil:
				states[e.To] = t
			case !states[e.To].meet(t):
				continue
			}
			if !queued[e.To] {
				queued[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	return states
}

// beforeCreate marks the locations of c that no path from the entry
// reaches through a Create edge.
func beforeCreate(c *cfa.CFA) []bool {
	after := make([]bool, len(c.Locs))
	var stack []int
	for _, e := range c.Edges {
		if e.Kind == cfa.Create && !after[e.To] {
			after[e.To] = true
			stack = append(stack, e.To)
		}
	}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range c.Out[l] {
			if !after[e.To] {
				after[e.To] = true
				stack = append(stack, e.To)
			}
		}
	}
	// A create edge is only "taken" if its source is reachable; an
	// unreachable create cannot make anything concurrent, but marking
	// its successors is harmless (an over-approximation).
	pre := make([]bool, len(c.Locs))
	for l := range pre {
		pre[l] = !after[l]
	}
	return pre
}
