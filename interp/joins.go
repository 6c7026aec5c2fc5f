package interp

import (
	"maps"
	"slices"

	"circ/cfa"
)

// Thread handles of untracked instances. The front end lowers an access
// to a thread handle in an instance of a summary object circ does not
// track (cfa.Memory) to a stand-in: a read yields any value, a write is
// dropped, and a join of the value read waits for no thread. A trace
// through such a join is a run of the CFA but maybe of no program. It
// is one of the program when every stand-in read it depends on yields
// the handle the program last stored at the address the stand-in stands
// for (cfa.Edge.Cell), and every join through one finds the thread that
// handle names finished: handleCells tracks those handles along a run,
// CompleteJoins rewrites a trace toward that, and Replay checks it.

// threadVar is a variable as one thread sees it.
type threadVar struct {
	thread int
	v      *cfa.Var
}

// handleCells are the handles a run stored at the addresses of
// untracked thread handles.
type handleCells struct {
	stored  map[int64]int64     // address -> the handle last stored there
	standIn map[threadVar]int64 // a stand-in -> the address it stands for
}

func newHandleCells() *handleCells {
	return &handleCells{stored: map[int64]int64{}, standIn: map[threadVar]int64{}}
}

// read takes step st, the havoc of a stand-in (st.Edge.Cell set), from
// state s: it returns the handle the program holds at the address the
// stand-in stands for, if the run stored one there.
func (h *handleCells) read(s *State, st Step) (int64, bool) {
	a, err := s.eval(st.Thread, st.Edge.Cell)
	if err != nil {
		return 0, false
	}
	h.standIn[threadVar{st.Thread, st.Edge.LHS}] = a
	v, ok := h.stored[a]
	return v, ok
}

// update records, in n, the state after step st, the handle st stored
// through a stand-in (a thread created into it, or an assignment).
func (h *handleCells) update(n *State, st Step) {
	e := st.Edge
	if e.LHS == nil || e.Cell != nil {
		return
	}
	if a, ok := h.standIn[threadVar{st.Thread, e.LHS}]; ok {
		h.stored[a] = n.value(st.Thread, e.LHS)
	}
}

// joinedThread is the thread an untracked join step st waits for in
// state s when the program's join waits for one that has finished and
// was not joined: -1 otherwise.
func joinedThread(s *State, st Step) int {
	hv, err := s.eval(st.Thread, st.Edge.Handle)
	if err != nil {
		return -1
	}
	i := s.thread(hv)
	if i < 0 || i == st.Thread || !s.Threads[i].Done || s.Threads[i].Joined {
		return -1
	}
	return i
}

// maxRunToExit bounds the steps CompleteJoins lets one thread take to
// finish.
const maxRunToExit = 10000

// CompleteJoins rewrites trace tr of p so that it stays evidence where
// it joins untracked handles: each stand-in read yields the handle the
// trace stored at its address; where that value takes the thread
// elsewhere than tr does (a self-join test), a short detour of its own
// steps leads it back; and a thread a join names runs alone to its end
// (its first enabled edge each time, havocs choosing the value nearest
// 0) before the join, or, when it cannot finish there (a thread of the
// trace holds a mutex it needs), right after its creation. When a thread
// of the trace takes a mutex it holds to the end, that may be too late
// too, and the thread's steps from that lock on are postponed to the end
// of the trace. It returns tr itself when no rewriting runs; Replay
// decides what either is worth.
func CompleteJoins(p *cfa.Program, tr Trace) Trace {
	if !readsStandIn(tr) {
		return tr
	}
	if out, ok := completeLearning(p, tr); ok {
		return out
	}
	holds := holdsToEnd(tr)
	for _, t := range slices.Sorted(maps.Keys(holds)) {
		if later, ok := postpone(tr, t, holds[t]); ok {
			if out, ok := completeLearning(p, later); ok {
				return out
			}
		}
	}
	return tr
}

// completeLearning runs completeJoins until it succeeds or learns no
// more: each failed attempt learns threads the trace joins, and the next
// one runs them early.
func completeLearning(p *cfa.Program, tr Trace) (Trace, bool) {
	joined := map[int]bool{}
	for {
		early := maps.Clone(joined)
		if out, ok := completeJoins(p, tr, joined, early); ok {
			return out, true
		}
		if len(joined) == len(early) {
			return nil, false
		}
	}
}

// holdsToEnd maps each thread of tr but main that takes a mutex and does
// not release it before tr ends to the index of the first such lock.
func holdsToEnd(tr Trace) map[int]int {
	held := map[int]map[*cfa.Var]int{}
	for i, st := range tr {
		switch e := st.Edge; e.Kind {
		case cfa.Lock:
			if held[st.Thread] == nil {
				held[st.Thread] = map[*cfa.Var]int{}
			}
			held[st.Thread][e.Mutex] = i
		case cfa.Unlock:
			delete(held[st.Thread], e.Mutex)
		}
	}
	out := map[int]int{}
	for t, ms := range held {
		if t == 0 || len(ms) == 0 {
			continue
		}
		out[t] = slices.Min(slices.Collect(maps.Values(ms)))
	}
	return out
}

// postpone moves the steps of thread t from index from on to the end of
// tr, keeping the order of the steps of each thread; not when t creates
// a thread there, which would change the threads' numbers.
func postpone(tr Trace, t, from int) (Trace, bool) {
	out := slices.Clone(tr[:from])
	var later Trace
	for _, st := range tr[from:] {
		switch {
		case st.Thread != t:
			out = append(out, st)
		case st.Edge.Kind == cfa.Create:
			return nil, false
		default:
			later = append(later, st)
		}
	}
	return append(out, later...), true
}

// completeJoins is CompleteJoins running the threads of early to their
// ends as soon as they are created; it adds to joined the threads the
// trace joins through untracked handles. Both name threads by their
// numbers in tr: the threads inserted runs create take numbers in
// between, so each step's thread is renumbered.
func completeJoins(p *cfa.Program, tr Trace, joined, early map[int]bool) (Trace, bool) {
	s := Initial(p)
	h := newHandleCells()
	actual := []int{0}          // a thread of tr -> its number here
	origOf := map[int]int{0: 0} // and back
	note := func(i int) {
		if o, ok := origOf[i]; ok {
			joined[o] = true
		}
	}
	var out Trace
	for _, st := range tr {
		if st.Thread < 0 || st.Thread >= len(actual) {
			return nil, false
		}
		st.Thread = actual[st.Thread]
		if !s.at(st) {
			return nil, false
		}
		if e := st.Edge; e.Kind == cfa.Havoc && e.Cell != nil {
			if v, ok := h.read(s, st); ok {
				st.Value = v
			}
		}
		steps, n, ok := takeJoining(s, st, h, note)
		if !ok {
			steps, n, ok = detour(s, st, h, note)
		}
		if !ok {
			return nil, false
		}
		out, s = append(out, steps...), n
		if st.Edge.Kind == cfa.Create {
			if steps[len(steps)-1].Edge != st.Edge {
				return nil, false
			}
			k := len(s.Threads) - 1
			origOf[k] = len(actual)
			actual = append(actual, k)
			if early[origOf[k]] && !s.Threads[k].Done {
				if run, n, ok := runToExit(s, k, h); ok {
					out, s = append(out, run...), n
				}
			}
		}
	}
	return out, true
}

// takeJoining takes step st from s, first running to its end the
// thread an untracked join waits for (passed to note).
func takeJoining(s *State, st Step, h *handleCells, note func(int)) (Trace, *State, bool) {
	var out Trace
	if e := st.Edge; e.Kind == cfa.Join && e.Untracked {
		if hv, err := s.eval(st.Thread, e.Handle); err == nil {
			if i := s.thread(hv); i >= 0 && i != st.Thread && !s.Threads[i].Done {
				note(i)
				run, n, ok := runToExit(s, i, h)
				if !ok {
					return nil, nil, false
				}
				out, s = run, n
			}
		}
	}
	n, err := Apply(s, st)
	if err != nil {
		return nil, nil, false
	}
	h.update(n, st)
	return append(out, st), n, true
}

// maxDetour bounds the steps of a detour.
const maxDetour = 4

// detour leads the thread of step st, which is not enabled in s, to
// st's target location by at most maxDetour steps of its own.
func detour(s *State, st Step, h *handleCells, note func(int)) (Trace, *State, bool) {
	t := st.Thread
	var search func(s *State, h *handleCells, depth int) (Trace, *State, *handleCells, bool)
	search = func(s *State, h *handleCells, depth int) (Trace, *State, *handleCells, bool) {
		th := &s.Threads[t]
		if th.Loc == st.Edge.To && depth > 0 {
			return nil, s, h, true
		}
		if depth == maxDetour || th.Done {
			return nil, nil, nil, false
		}
		for _, e := range th.Template.Out[th.Loc] {
			if e == st.Edge || e.Kind.Stops() {
				continue
			}
			hc := h.clone()
			next, ok := naturalStep(s, t, e, hc, false)
			if !ok {
				continue
			}
			steps, n, ok := takeJoining(s, next, hc, note)
			if !ok {
				continue
			}
			rest, n, hn, ok := search(n, hc, depth+1)
			if ok {
				return append(steps, rest...), n, hn, true
			}
		}
		return nil, nil, nil, false
	}
	steps, n, hn, ok := search(s, h, 0)
	if ok {
		*h = *hn
	}
	return steps, n, ok
}

func (h *handleCells) clone() *handleCells {
	return &handleCells{stored: maps.Clone(h.stored), standIn: maps.Clone(h.standIn)}
}

// naturalStep is edge e of thread t as a step from s when it is enabled
// there (joins aside, which takeJoining waits for): at a havoc, the
// value a stand-in's address holds, or the allowed value nearest 0. A
// creation is one only where creates allows it (a detour's thread must
// reach the trace's next step as the trace left it).
func naturalStep(s *State, t int, e *cfa.Edge, h *handleCells, creates bool) (Step, bool) {
	st := Step{Thread: t, Edge: e}
	if e.Kind == cfa.Create && !creates {
		return st, false
	}
	if e.Kind == cfa.Join && e.Untracked {
		return st, true
	}
	m, ok, err := s.enabled(t, e)
	if err != nil || !ok {
		return st, false
	}
	if e.Kind == cfa.Havoc {
		switch {
		case m.HasLo && m.Lo > 0:
			st.Value = m.Lo
		case m.HasHi && m.Hi < 0:
			st.Value = m.Hi
		}
		if e.Cell != nil {
			if v, ok := h.read(s, st); ok {
				st.Value = v
			}
		}
	}
	return st, true
}

// at reports whether step st's thread exists in s and is at st's edge.
func (s *State) at(st Step) bool {
	if st.Thread < 0 || st.Thread >= len(s.Threads) || st.Edge == nil {
		return false
	}
	th := &s.Threads[st.Thread]
	return !th.Done && slices.Contains(th.Template.Out[th.Loc], st.Edge)
}

func readsStandIn(tr Trace) bool {
	for _, st := range tr {
		if st.Edge != nil && st.Edge.Kind == cfa.Havoc && st.Edge.Cell != nil {
			return true
		}
	}
	return false
}

// runToExit runs thread i of s until it exits (CompleteJoins), taking
// its first enabled edge each time; where it waits (to join a thread it
// created), the threads it created run to their ends first.
func runToExit(s *State, i int, h *handleCells) (Trace, *State, bool) {
	return runToExitDepth(s, i, h, 0)
}

// maxNestedRuns bounds how deep runToExit follows threads that the
// threads it runs create.
const maxNestedRuns = 4

func runToExitDepth(s *State, i int, h *handleCells, depth int) (Trace, *State, bool) {
	var out Trace
	first := len(s.Threads) // the threads i creates from here on
	for range maxRunToExit {
		th := &s.Threads[i]
		if th.Done {
			return out, s, true
		}
		if !s.Scheduled(i) {
			return nil, nil, false
		}
		var next *Step
		for _, e := range th.Template.Out[th.Loc] {
			if e.Kind.Stops() || (e.Kind == cfa.Join && e.Untracked) {
				continue
			}
			if st, ok := naturalStep(s, i, e, h, true); ok {
				next = &st
				break
			}
		}
		if next == nil {
			child := -1
			for c := first; c < len(s.Threads) && child < 0; c++ {
				if !s.Threads[c].Done {
					child = c
				}
			}
			if child < 0 || depth == maxNestedRuns {
				return nil, nil, false
			}
			run, n, ok := runToExitDepth(s, child, h, depth+1)
			if !ok {
				return nil, nil, false
			}
			out, s = append(out, run...), n
			continue
		}
		n, err := Apply(s, *next)
		if err != nil {
			return nil, nil, false
		}
		h.update(n, *next)
		out, s = append(out, *next), n
	}
	return nil, nil, false
}
