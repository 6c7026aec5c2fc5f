package lockset

import (
	"strings"

	"circ/cfa"
	"circ/interp"
)

// A rwlock is lowered to two counters (cfront's rwOp): the rwlock's own
// variable is 1 while a writer holds it, and its reader count says how
// many read locks are held. The strict dataflow (proof.go) reads the
// lock from the edges that move these counters, as it reads a mutex
// from its lock and unlock edges:
//   - a write lock is held from the edge that sets the variable to 1,
//     which the lowering takes atomically with the test that neither
//     writer nor reader holds it, up to the unlock edge that sets it
//     back to 0;
//   - a read lock is held from the edge that increments the count,
//     atomic with the test that no writer holds it, up to the unlock
//     edge that decrements it;
//   - any other write of either counter (pthread_rwlock_init, a memset)
//     ends every hold the dataflow credits.
// Two credited holds, one of them a write lock, cannot overlap in time
// while the counters count at least the credited holds: a grant needs
// the other mode's counter at 0. The counters go down only at unlock
// edges, which the lowering guards with the thread's own hold, so they
// keep counting the credited holds as long as every unlock is at a
// location where the dataflow credits the thread with the lock and no
// other write of them happens once threads exist. reliableLocks checks
// both.

// rwlockCounters maps each rwlock that a program's calls act on, and
// its reader count, to the rwlock.
type rwlockCounters map[*cfa.Var]*cfa.Var

// rwlocks are the rwlock counters of p.
func rwlocks(p *cfa.Program) rwlockCounters {
	out := rwlockCounters{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if sc := e.Sync; isRwlockCall(sc) && sc.Object != nil && sc.Readers != nil {
				out[sc.Object] = sc.Object
				out[sc.Readers] = sc.Object
			}
		}
	}
	return out
}

func isRwlockCall(sc *cfa.SyncCall) bool {
	return sc != nil && strings.HasPrefix(sc.Func, "pthread_rwlock_")
}

// rwEffect is what an edge writing a rwlock's counters does to the
// locks a thread holds.
type rwEffect int

const (
	rwReset      rwEffect = iota // ends every hold: an init, a memset
	rwGrantWrite                 // the thread now holds the write lock
	rwGrantRead                  // the thread now holds one more read lock
	rwRelease                    // the thread gives back the lock it holds
)

// rwEffectOf classifies e, an edge that writes a counter of rwlock rw.
// The lowering of a lock call writes only its grant, and that of an
// unlock call only its release.
func rwEffectOf(e *cfa.Edge, rw *cfa.Var) rwEffect {
	sc := e.Sync
	if e.Kind != cfa.Assign || !isRwlockCall(sc) || sc.Object != rw {
		return rwReset
	}
	switch sc.Effect {
	case cfa.Acquire, cfa.TryAcquire:
		if e.LHS == rw {
			return rwGrantWrite
		}
		return rwGrantRead
	case cfa.Release:
		return rwRelease
	}
	return rwReset
}

// written is the rwlock whose counter e writes, or nil.
func (rws rwlockCounters) written(e *cfa.Edge) *cfa.Var {
	if e.LHS == nil || (e.Kind != cfa.Assign && e.Kind != cfa.Havoc) {
		return nil
	}
	return rws[e.LHS]
}

// rwStep is the strict transfer function of e, which writes a counter
// of rwlock rw.
func (f *flowCtx) rwStep(s *state, e *cfa.Edge, rw *cfa.Var) {
	switch rwEffectOf(e, rw) {
	case rwGrantWrite:
		f.acquire(s, lock{rw, cfa.Exclusive}, cfa.NormalMutex)
	case rwGrantRead:
		f.acquire(s, lock{rw, cfa.Shared}, cfa.NormalMutex)
	case rwRelease:
		f.release(s, rw, cfa.NormalMutex)
	default:
		delete(s.held, lock{rw, cfa.Exclusive})
		delete(s.held, lock{rw, cfa.Shared})
		s.dropPending(rw)
	}
}

// rwlockHeld reports whether s credits the thread with rw in either
// mode.
func (s *state) rwlockHeld(rw *cfa.Var) bool {
	return s.held[lock{rw, cfa.Exclusive}] > 0 || s.held[lock{rw, cfa.Shared}] > 0
}

// mayHold reports whether cond may hold in s: false only when a
// conjunct's variables are all the thread's bookkeeping of its locks
// (cfa.Var.ThreadBookkeeping), whose values s knows, and it is false
// for them.
func (s *state) mayHold(cond cfa.Expr) bool {
	if b, ok := cond.(cfa.Binary); ok && b.Op == cfa.And {
		return s.mayHold(b.X) && s.mayHold(b.Y)
	}
	v, ok := s.ownValue(cond)
	return !ok || v != 0
}

// ownValue is e's value if s knows the value of each variable it reads.
func (s *state) ownValue(e cfa.Expr) (int64, bool) {
	vars := map[*cfa.Var]bool{}
	cfa.Vars(e, vars)
	for v := range vars {
		if _, ok := s.own[v]; !ok {
			return 0, false
		}
	}
	n, err := interp.EvalWith(e, func(v *cfa.Var) int64 { return s.own[v] })
	return n, err == nil
}

// assignOwn is e's effect on the known bookkeeping values.
func (s *state) assignOwn(e *cfa.Edge) {
	if e.LHS == nil || !e.LHS.ThreadBookkeeping() {
		return
	}
	delete(s.own, e.LHS)
	if e.Kind == cfa.Assign {
		if n, ok := s.ownValue(e.RHS); ok {
			s.own[e.LHS] = n
		}
	}
}
