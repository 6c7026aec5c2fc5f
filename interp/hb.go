package interp

import (
	"encoding/binary"
	"slices"

	"circ/cfa"
)

// This file tracks happens-before for --race-def c11, on the
// interleavings the interpreter runs: two conflicting accesses race
// unless happens-before orders them. Happens-before is program order
// and synchronizes-with: a creation with the new thread's start, a
// thread's end with the join that reaps it, a release of a
// synchronization object with a later acquire of it (unlock and lock,
// sem_post and sem_wait, a barrier's arrivals and departures, a once's
// end and its waiters), a release store or read-modify-write of an
// atomic object with an acquire load that reads it or a later
// read-modify-write of it, and one __VERIFIER_atomic section with the
// next. A relaxed operation orders nothing.
//
// Clocks would make every loop's states distinct. Instead each access
// event circ may still need (per racy variable, its last write and each
// thread's last read since) keeps the set of agents that know it: the
// threads it happens before, and the objects a thread released it into.
// An acquire of an object adds the thread to every event the object
// knows; a release adds the object to every event the thread knows. The
// sets are finite, so the state space stays finite.

// hbEvent is an access some thread may still race with.
type hbEvent struct {
	v      *cfa.Var
	thread int
	write  bool
	atomic bool // made at an atomic location: two atomic events never race
	edge   *cfa.Edge
	// threads and objects know the event (both sorted): it happens
	// before every later step of those threads, and before every
	// acquire of those objects.
	threads []int
	objects []int // indices of synchronization objects, see objectOf
}

// hbState is the happens-before bookkeeping of a State (nil: not
// tracked).
type hbState struct {
	events []hbEvent
}

// atomicAgent is the object every __VERIFIER_atomic section acquires
// when it starts and releases when it ends.
const atomicAgent = -1

func (h *hbState) clone() *hbState {
	n := &hbState{events: make([]hbEvent, len(h.events))}
	copy(n.events, h.events)
	return n
}

// knows reports whether thread t knows event ev.
func (ev *hbEvent) knows(t int) bool {
	_, ok := slices.BinarySearch(ev.threads, t)
	return ok
}

func insertSorted(s []int, x int) []int {
	i, ok := slices.BinarySearch(s, x)
	if ok {
		return s
	}
	return slices.Insert(slices.Clip(s), i, x)
}

// acquire makes thread t know every event object o knows.
func (h *hbState) acquire(t, o int) {
	for i := range h.events {
		if _, ok := slices.BinarySearch(h.events[i].objects, o); ok {
			h.events[i].threads = insertSorted(h.events[i].threads, t)
		}
	}
}

// release makes object o know every event thread t knows; a store that
// is no read-modify-write replaces what o knew (overwrite).
func (h *hbState) release(t, o int, overwrite bool) {
	for i := range h.events {
		ev := &h.events[i]
		switch {
		case ev.knows(t):
			ev.objects = insertSorted(ev.objects, o)
		case overwrite:
			if j, ok := slices.BinarySearch(ev.objects, o); ok {
				ev.objects = slices.Delete(slices.Clip(ev.objects), j, j+1)
			}
		}
	}
}

// forget makes object o know nothing: a relaxed store ends the release
// sequence of the store before it.
func (h *hbState) forget(o int) {
	for i := range h.events {
		ev := &h.events[i]
		if j, ok := slices.BinarySearch(ev.objects, o); ok {
			ev.objects = slices.Delete(slices.Clip(ev.objects), j, j+1)
		}
	}
}

// inherit makes thread to know every event thread from knows (a
// creation, a join).
func (h *hbState) inherit(to, from int) {
	for i := range h.events {
		if h.events[i].knows(from) {
			h.events[i].threads = insertSorted(h.events[i].threads, to)
		}
	}
}

// access records thread t's access to x. A write replaces the events of
// x it happens after (its thread's, and those t knows): an access that
// races with one of those races with the write too, or happens after
// both. A read replaces the thread's own earlier read. The others stay,
// at most a write and a read per thread.
func (h *hbState) access(x *cfa.Var, t int, write, atomic bool, e *cfa.Edge) {
	h.events = slices.DeleteFunc(h.events, func(ev hbEvent) bool {
		if ev.v != x {
			return false
		}
		if write {
			return ev.thread == t || ev.knows(t)
		}
		return !ev.write && ev.thread == t
	})
	h.events = append(h.events, hbEvent{v: x, thread: t, write: write, atomic: atomic, edge: e, threads: []int{t}})
}

// racing returns an event that an access of thread t to x (a write if
// write, at an atomic location if atomic) races with, if any.
func (h *hbState) racing(x *cfa.Var, t int, write, atomic bool) (hbEvent, bool) {
	for _, ev := range h.events {
		if ev.v == x && ev.thread != t && (ev.write || write) && !(ev.atomic && atomic) && !ev.knows(t) {
			return ev, true
		}
	}
	return hbEvent{}, false
}

// appendKey encodes h for State.AppendKey.
func (h *hbState) appendKey(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(h.events)))
	for _, ev := range h.events {
		b = binary.AppendUvarint(b, uint64(ev.v.Index))
		b = binary.AppendUvarint(b, uint64(ev.thread))
		flags := byte(0)
		if ev.write {
			flags |= 1
		}
		if ev.atomic {
			flags |= 2
		}
		b = append(b, flags)
		b = binary.AppendUvarint(b, uint64(len(ev.threads)))
		for _, t := range ev.threads {
			b = binary.AppendUvarint(b, uint64(t))
		}
		b = binary.AppendUvarint(b, uint64(len(ev.objects)))
		for _, o := range ev.objects {
			b = binary.AppendVarint(b, int64(o))
		}
	}
	return b
}

// objectOf is the synchronization object variable v stands for: a
// mutex, another primitive's state, an atomic object (by its global
// index); ok is false for data and locals.
func objectOf(v *cfa.Var) (int, bool) {
	if v == nil || !v.Global {
		return 0, false
	}
	return v.Index, true
}

// isSyncVar reports whether v is synchronization state (a lock word or
// another primitive's state), whose every access synchronizes.
func isSyncVar(v *cfa.Var) bool {
	return v != nil && v.Global && (v.Kind == cfa.Mutex || v.Kind == cfa.Sync)
}

// hbStep updates n.hb, the bookkeeping of s.hb after thread t took e
// from s to n (n.Threads already has a created thread).
func hbStep(s, n *State, t int, e *cfa.Edge) {
	if s.hb == nil {
		return
	}
	h := s.hb.clone()
	n.hb = h
	from, to := s.Threads[t].Template.Locs[e.From].Atomic, n.Threads[t].Template.Locs[e.To].Atomic
	// A __VERIFIER_atomic section acquires when it starts (not the
	// section of a C11 operation, whose edges carry an order, nor a
	// primitive's, which synchronizes through its object).
	section := e.Order == cfa.NotAtomic && e.Sync == nil
	if !from && to && section {
		h.acquire(t, atomicAgent)
	}
	reads, writes := e.Reads, e.Writes
	syncReads, syncWrites := syncAccesses(e)
	// A primitive acquires where it reads its object, except an
	// attempt that may fail (a read without a write of its object: a
	// failing trylock takes nothing) and a call that observes or sets
	// up the object without synchronizing (Sync.NoSync).
	quiet := e.Sync != nil && (e.Sync.NoSync || e.Sync.Effect == cfa.TryAcquire && len(syncWritesOf(e)) == 0)
	acquires := func(v *cfa.Var) bool {
		if isSyncVar(v) {
			return !quiet
		}
		return e.Order.Acquires()
	}
	// Acquires first: the step reads, then writes.
	for _, v := range syncReads {
		if o, ok := objectOf(v); ok && acquires(v) {
			h.acquire(t, o)
		}
	}
	if e.RMW && e.Order.Acquires() {
		if o, ok := objectOf(e.LHS); ok {
			h.acquire(t, o)
		}
	}
	switch e.Kind {
	case cfa.Lock:
		if o, ok := objectOf(e.Mutex); ok {
			h.acquire(t, o)
		}
	case cfa.TryLock:
		if s.value(t, e.Mutex) == 0 {
			if o, ok := objectOf(e.Mutex); ok {
				h.acquire(t, o)
			}
		}
	case cfa.Join:
		if !e.Untracked {
			if hv, err := s.eval(t, e.Handle); err == nil {
				if c := s.thread(hv); c >= 0 {
					h.inherit(t, c)
				}
			}
		}
	}
	// The data accesses.
	atomic := s.Threads[t].Template.Locs[e.From].Atomic
	for _, v := range reads {
		h.access(v, t, false, atomic, e)
	}
	for _, v := range writes {
		h.access(v, t, true, atomic, e)
	}
	// Releases.
	for _, v := range syncWrites {
		o, ok := objectOf(v)
		switch {
		case !ok:
		case isSyncVar(v):
			// A primitive that acquires (lock, sem_wait, rdlock)
			// writes its object without releasing into it, and so
			// does one that sets it up (init, destroy).
			if e.Sync == nil || (e.Sync.Effect != cfa.Acquire && e.Sync.Effect != cfa.TryAcquire && !e.Sync.NoSync) {
				h.release(t, o, false)
			}
		case e.Order.Releases():
			h.release(t, o, !e.RMW)
		case !e.RMW:
			h.forget(o) // a relaxed store
		}
	}
	if e.Kind == cfa.Unlock {
		if o, ok := objectOf(e.Mutex); ok {
			h.release(t, o, true)
		}
	}
	if e.Kind == cfa.Create {
		h.inherit(len(n.Threads)-1, t)
	}
	if from && !to && section {
		h.release(t, atomicAgent, false)
	}
}

func syncWritesOf(e *cfa.Edge) []*cfa.Var {
	_, w := syncAccesses(e)
	return w
}

// syncAccesses are the globals e reads and writes that synchronize: the
// synchronization state of the primitives, and the atomic objects of a
// C11 operation (e.Order set).
func syncAccesses(e *cfa.Edge) (reads, writes []*cfa.Var) {
	vs := map[*cfa.Var]bool{}
	for _, x := range []cfa.Expr{e.RHS, e.Cond, e.Lo, e.Hi} {
		if x != nil {
			cfa.Vars(x, vs)
		}
	}
	for v := range vs {
		if isSyncVar(v) || (e.Order != cfa.NotAtomic && v.Global) {
			reads = append(reads, v)
		}
	}
	slices.SortFunc(reads, func(a, b *cfa.Var) int { return a.Index - b.Index })
	if e.LHS != nil && e.Kind != cfa.Create && (isSyncVar(e.LHS) || (e.Order != cfa.NotAtomic && e.LHS.Global)) {
		writes = append(writes, e.LHS)
	}
	return reads, writes
}
