package lockset

import (
	"fmt"
	"sort"
	"strings"

	"circ/cfa"
)

// Proof is a location the lockset stage of circ check proves race-free
// (Prove).
type Proof struct {
	Reason string
	// Undefined are the undefined-behaviour edges at locations the
	// dataflow reaches: the proof covers the runs that stop there, as
	// the engines' proofs do.
	Undefined []*cfa.Edge
}

// Prove is the lockset check made a sound stage of circ check: it
// proves a location race-free when no two of its accesses may come from
// concurrent threads with a write, unless both hold one lock that
// surely excludes the other. Where the classic check trusts what a
// primitive is documented to do, the proof reads only what the CFA's
// own edges do (the strict dataflow), and a lock counts only where it
// surely excludes:
//   - it is taken by a lock or trylock edge of the CFA, not by a lowered
//     call's documented effect: a lowered call may return without the
//     lock (a destroyed mutex fails with EINVAL), and its own edges say
//     on which paths it takes it. A rwlock counts from the edges that
//     move its counters (rwlock.go); a semaphore or a recursive mutex,
//     which circ lowers to counters too, protects nothing here;
//   - the mutex is a global (a cell of memory or a global variable): a
//     mutex local to a thread template is one per thread;
//   - every unlock edge of it, in every template, is at a location
//     where that thread holds it (glibc lets another thread release a
//     normal mutex), and nothing else writes it after main created its
//     first thread (pthread_mutex_init of a held mutex would release
//     it);
//   - the pseudo-lock "atomic" of atomic locations, where a thread runs
//     alone.
//
// Accesses by main before its first thread creation are not concurrent
// with any, as in Check. The proof assumes interleaving semantics (the
// svcomp and circ race definitions); under C11's happens-before the
// caller must not use it.
func Prove(p *cfa.Program, vars []*cfa.Var) map[*cfa.Var]Proof {
	a, states := analyze(p, true)
	locks := reliableLocks(p, states)
	var undefined []*cfa.Edge
	for i, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Undefined && states[i][e.From] != nil {
				undefined = append(undefined, e)
			}
		}
	}
	byVar := map[*cfa.Var][]*Access{}
	for _, acc := range a.Accesses {
		byVar[acc.Var] = append(byVar[acc.Var], acc)
	}
	out := map[*cfa.Var]Proof{}
	for _, v := range vars {
		if reason, ok := proveVar(byVar[v], locks); ok {
			out[v] = Proof{Reason: reason, Undefined: undefined}
		}
	}
	return out
}

// proveVar decides whether accesses accs of one location are race-free
// with only the locks of reliable counting, and says why.
func proveVar(accs []*Access, reliable map[string]bool) (string, bool) {
	common := map[string]bool{}
	concurrent := false
	for i, x := range accs {
		for _, y := range accs[i:] {
			if !(x.Write || y.Write) || !Concurrent(x, y) {
				continue
			}
			concurrent = true
			l := sharedLock(x, y, reliable)
			if l == "" {
				return "", false
			}
			common[l] = true
		}
	}
	if !concurrent {
		return fmt.Sprintf("no two of its %d accesses with a write come from concurrent threads (lockset stage)", len(accs)), true
	}
	names := make([]string, 0, len(common))
	for l := range common {
		names = append(names, l)
	}
	sort.Strings(names)
	return fmt.Sprintf("every two of its %d accesses from concurrent threads, one a write, hold a common lock: %s (lockset stage)", len(accs), strings.Join(names, ", ")), true
}

// sharedLock is a lock both x and y hold that excludes one from the
// other and counts (reliable), or "": a mutex, or a rwlock that one of
// them holds for writing.
func sharedLock(x, y *Access, reliable map[string]bool) string {
	for _, l := range x.Locks {
		for _, m := range y.Locks {
			if b, ok := excludes(l, m); ok && reliable[b] {
				return b
			}
		}
	}
	return ""
}

// reliableLocks names the locks Prove counts (see there): the atomic
// pseudo-lock, and each global mutex or rwlock that only its holder
// unlocks and that nothing else writes once threads exist (rwlock.go).
// A name two locks share counts for neither.
func reliableLocks(p *cfa.Program, states [][]*state) map[string]bool {
	owner := map[string]*cfa.Var{}
	bad := map[*cfa.Var]bool{}
	rws := rwlocks(p)
	for i, c := range p.Templates {
		var pre []bool
		if i == 0 {
			pre = beforeCreate(c)
		}
		for _, e := range c.Edges {
			s := states[i][e.From]
			if s == nil {
				continue
			}
			afterCreate := !(pre != nil && pre[e.From])
			switch rw := rws.written(e); {
			case rw != nil:
				switch rwEffectOf(e, rw) {
				case rwGrantWrite, rwGrantRead:
					note(owner, rw)
				case rwRelease:
					note(owner, rw)
					if !s.rwlockHeld(rw) {
						bad[rw] = true
					}
				default:
					if afterCreate {
						bad[rw] = true
					}
				}
			case e.Kind == cfa.Lock || e.Kind == cfa.TryLock:
				note(owner, e.Mutex)
			case e.Kind == cfa.Unlock:
				note(owner, e.Mutex)
				if s.held[lock{e.Mutex, cfa.Exclusive}] == 0 {
					bad[e.Mutex] = true
				}
			case e.LHS != nil && e.LHS.Kind == cfa.Mutex && afterCreate:
				bad[e.LHS] = true
			}
		}
	}
	out := map[string]bool{AtomicLock: true}
	for name, v := range owner {
		if v != nil && !bad[v] && v.Global {
			out[name] = true
		}
	}
	if _, clash := owner[AtomicLock]; clash {
		// A mutex named like the pseudo-lock: neither can be told apart.
		delete(out, AtomicLock)
	}
	return out
}

// note records mutex v under its name; a second mutex of one name
// spoils it (nil).
func note(owner map[string]*cfa.Var, v *cfa.Var) {
	name := lock{v, cfa.Exclusive}.name()
	if w, seen := owner[name]; seen && w != v {
		owner[name] = nil
		return
	}
	owner[name] = v
}
