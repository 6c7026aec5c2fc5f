// Package interp owns the concrete semantics of circ's programs: the state
// of a multithreaded CFA program (globals, mutexes and a vector of threads),
// the scheduler (a thread inside an atomic section runs alone), the exact
// evaluation of the expression IR on mathematical integers (runtime errors
// such as division by zero or int64 overflow block the step and are
// reported, never guessed), the race definitions of
// docs/race-definitions.md (svcomp, circ, and c11 with its happens-before
// in hb.go), and Replay, the strict check that every reported race trace
// goes through before any engine may report it. ReplayUndefined checks a
// run into undefined behaviour the same way, and CompleteJoins (joins.go)
// completes the joins of traces through thread handles circ does not
// track, so that they can be replayed.
package interp

import (
	"encoding/binary"
	"fmt"

	"circ/cfa"
)

// Thread is one running (or finished) thread of a State.
type Thread struct {
	ID       int      // main is 0, then creation order
	Template *cfa.CFA // the thread's function
	Instance int      // 1-based per template, in creation order
	Loc      int      // current location in Template
	Locals   []int64  // indexed by Var.Index in Template.Locals
	Done     bool     // exited, stopped on an error, or at a final location
	// Joined: a pthread_join has reaped the thread. Joining it again is
	// undefined in POSIX; here that join waits forever, as the abstract
	// engine's joins consume the exited thread they wait for.
	Joined bool
}

// Name is the thread's report name, "template#instance".
func (t *Thread) Name() string { return fmt.Sprintf("%s#%d", t.Template.Name, t.Instance) }

// State is a concrete state. States are immutable once built: Apply
// returns a fresh state sharing unchanged parts with its argument.
type State struct {
	Globals []int64  // indexed by Var.Index in Program.Globals; mutexes too
	Threads []Thread // indexed by thread id
	// ErrorReached is set once some thread took an Error edge.
	ErrorReached bool
	// hb is the happens-before bookkeeping of --race-def c11 (hb.go),
	// nil under the other definitions.
	hb *hbState
}

// InitialFor is the initial state of p for race definition def: under
// C11 it tracks happens-before.
func InitialFor(p *cfa.Program, def RaceDef) *State {
	s := Initial(p)
	if def == C11 {
		s.hb = &hbState{}
	}
	return s
}

// Initial is the initial state of p: globals at their Init values, the main
// thread at its entry with all locals 0.
func Initial(p *cfa.Program) *State {
	s := &State{Globals: make([]int64, len(p.Globals))}
	for i, g := range p.Globals {
		s.Globals[i] = g.Init
		if g.Bool && g.Init != 0 {
			s.Globals[i] = 1
		}
	}
	s.Threads = []Thread{newThread(0, p.Main(), 1)}
	return s
}

// newThread is thread id of template c at its entry: locals 0, its Self
// its id.
func newThread(id int, c *cfa.CFA, instance int) Thread {
	t := Thread{ID: id, Template: c, Instance: instance, Loc: c.Entry,
		Locals: make([]int64, len(c.Locals)), Done: len(c.Out[c.Entry]) == 0}
	if c.Self != nil {
		t.Locals[c.Self.Index] = cfa.ThreadID(id)
	}
	return t
}

// thread returns the index of the thread whose pthread_t value is h, or
// -1 if none has it.
func (s *State) thread(h int64) int {
	i := h - cfa.ThreadID(0)
	if i < 0 || i >= int64(len(s.Threads)) {
		return -1
	}
	return int(i)
}

// Key is a compact canonical encoding of s: equal keys mean equal states.
func (s *State) Key() string {
	b := make([]byte, 0, 8+2*len(s.Globals)+8*len(s.Threads))
	return string(s.AppendKey(b))
}

// AppendKey appends the encoding of s to b.
func (s *State) AppendKey(b []byte) []byte {
	if s.ErrorReached {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	for _, v := range s.Globals {
		b = binary.AppendVarint(b, v)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Threads)))
	for i := range s.Threads {
		t := &s.Threads[i]
		b = binary.AppendUvarint(b, uint64(t.Template.Index))
		if t.Done {
			// A done thread never moves again and its locals are
			// unobservable: only its existence and whether it was
			// joined matter.
			if t.Joined {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
			continue
		}
		b = binary.AppendUvarint(b, uint64(t.Loc)+1)
		for _, v := range t.Locals {
			b = binary.AppendVarint(b, v)
		}
	}
	if s.hb != nil {
		b = s.hb.appendKey(b)
	}
	return b
}

// Instances is the number of threads of template c created so far
// (including finished ones).
func (s *State) Instances(c *cfa.CFA) int {
	n := 0
	for i := range s.Threads {
		if s.Threads[i].Template == c {
			n++
		}
	}
	return n
}

// Live reports whether thread t exists and is not done.
func (s *State) Live(t int) bool { return t >= 0 && t < len(s.Threads) && !s.Threads[t].Done }

// AtomicThreads returns the live threads at atomic locations.
func (s *State) AtomicThreads() []int {
	var out []int
	for i := range s.Threads {
		t := &s.Threads[i]
		if !t.Done && t.Template.Locs[t.Loc].Atomic {
			out = append(out, i)
		}
	}
	return out
}

// Scheduled reports whether thread t may move in s: it is live and either
// no live thread is at an atomic location or t itself is.
func (s *State) Scheduled(t int) bool {
	if !s.Live(t) {
		return false
	}
	th := &s.Threads[t]
	if th.Template.Locs[th.Loc].Atomic {
		return true
	}
	return len(s.AtomicThreads()) == 0
}

// handlerThread returns a live thread other than t at a handler
// location, or -1.
func (s *State) handlerThread(t int) int {
	for i := range s.Threads {
		th := &s.Threads[i]
		if i != t && !th.Done && th.Template.Locs[th.Loc].Handler {
			return i
		}
	}
	return -1
}

// value reads v as seen by thread t.
func (s *State) value(t int, v *cfa.Var) int64 {
	if v.Global {
		return s.Globals[v.Index]
	}
	return s.Threads[t].Locals[v.Index]
}

// Value returns the value of v as seen by thread t (v a global or a local
// of t's template).
func (s *State) Value(t int, v *cfa.Var) int64 { return s.value(t, v) }

// Move is an edge that a scheduled thread can take: its guard holds and its
// expressions evaluate without a runtime error. For Havoc, Lo and Hi are
// the evaluated range; HasLo/HasHi are false for a missing bound.
type Move struct {
	Thread       int
	Edge         *cfa.Edge
	Lo, Hi       int64
	HasLo, HasHi bool
}

// RuntimeError is an edge whose evaluation fails (division by zero, shift
// out of range, integer overflow): the step is not enabled and the engine
// must report that the error is reachable.
type RuntimeError struct {
	Thread string
	Edge   *cfa.Edge
	Err    error
}

func (e *RuntimeError) Error() string {
	return fmt.Sprintf("%v reachable at %s (%s, thread %s)", e.Err, e.Edge.Pos, e.Edge, e.Thread)
}

// Moves returns every move enabled in s, in thread order then edge order,
// and the runtime errors met while evaluating out-edges of scheduled
// threads.
func (s *State) Moves() (moves []Move, errs []*RuntimeError) {
	atomic := s.AtomicThreads()
	try := func(t int) {
		th := &s.Threads[t]
		for _, e := range th.Template.Out[th.Loc] {
			m, ok, err := s.enabled(t, e)
			if err != nil {
				errs = append(errs, &RuntimeError{Thread: th.Name(), Edge: e, Err: err})
				continue
			}
			if ok {
				moves = append(moves, m)
			}
		}
	}
	if len(atomic) > 0 {
		for _, t := range atomic {
			try(t)
		}
		return moves, errs
	}
	for t := range s.Threads {
		if !s.Threads[t].Done {
			try(t)
		}
	}
	return moves, errs
}

// enabled evaluates edge e of thread t (which must be scheduled and at
// e.From) and reports whether it can be taken.
func (s *State) enabled(t int, e *cfa.Edge) (Move, bool, error) {
	m := Move{Thread: t, Edge: e}
	ev := func(x cfa.Expr) (int64, error) { return s.eval(t, x) }
	switch e.Kind {
	case cfa.Assign:
		if _, err := ev(e.RHS); err != nil {
			return m, false, err
		}
	case cfa.Assume:
		c, err := ev(e.Cond)
		if err != nil || c == 0 {
			return m, false, err
		}
	case cfa.Havoc:
		var err error
		if e.Lo != nil {
			m.HasLo = true
			if m.Lo, err = ev(e.Lo); err != nil {
				return m, false, err
			}
		}
		if e.Hi != nil {
			m.HasHi = true
			if m.Hi, err = ev(e.Hi); err != nil {
				return m, false, err
			}
		}
		if m.HasLo && m.HasHi && m.Lo > m.Hi {
			return m, false, nil
		}
	case cfa.Create:
		if e.Arg != nil {
			if _, err := ev(e.Arg); err != nil {
				return m, false, err
			}
		}
	case cfa.Join:
		if e.Untracked {
			break // a handle of an instance circ does not track: no wait
		}
		h, err := ev(e.Handle)
		if err != nil {
			return m, false, err
		}
		if i := s.thread(h); i < 0 || !s.Threads[i].Done || s.Threads[i].Joined {
			return m, false, nil
		}
	case cfa.Lock:
		if s.value(t, e.Mutex) != 0 {
			return m, false, nil
		}
	case cfa.AwaitNoHandler:
		if s.handlerThread(t) >= 0 {
			return m, false, nil
		}
	}
	return m, true, nil
}

// Step is one step of an interleaving: thread Thread takes Edge; Value is
// the chosen value of a Havoc (ignored otherwise).
type Step struct {
	Thread int
	Edge   *cfa.Edge
	Value  int64
}

// Trace is a sequence of steps from the initial state.
type Trace []Step

// Apply takes step st from s and returns the new state, or an error saying
// precisely why the step is not enabled.
func Apply(s *State, st Step) (*State, error) {
	t := st.Thread
	if t < 0 || t >= len(s.Threads) {
		return nil, fmt.Errorf("no thread %d (%d threads exist)", t, len(s.Threads))
	}
	th := &s.Threads[t]
	if th.Done {
		return nil, fmt.Errorf("thread %s is done", th.Name())
	}
	if st.Edge == nil {
		return nil, fmt.Errorf("thread %s: no edge", th.Name())
	}
	if !s.Scheduled(t) {
		var others []string
		for _, a := range s.AtomicThreads() {
			others = append(others, s.Threads[a].Name())
		}
		return nil, fmt.Errorf("thread %s is not scheduled: %v inside an atomic section", th.Name(), others)
	}
	found := false
	for _, e := range th.Template.Out[th.Loc] {
		if e == st.Edge {
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("thread %s at L%d has no edge %q (L%d -> L%d, %s)", th.Name(), th.Loc, st.Edge, st.Edge.From, st.Edge.To, st.Edge.Pos)
	}
	m, ok, err := s.enabled(t, st.Edge)
	if err != nil {
		return nil, &RuntimeError{Thread: th.Name(), Edge: st.Edge, Err: err}
	}
	if !ok {
		return nil, fmt.Errorf("thread %s: %q at %s is not enabled (%s)", th.Name(), st.Edge, st.Edge.Pos, s.whyBlocked(t, st.Edge))
	}
	if st.Edge.Kind == cfa.Havoc && ((m.HasLo && st.Value < m.Lo) || (m.HasHi && st.Value > m.Hi)) {
		return nil, fmt.Errorf("thread %s: havoc value %d outside [%s] at %s", th.Name(), st.Value, rangeString(m), st.Edge.Pos)
	}
	if lhs := st.Edge.LHS; st.Edge.Kind == cfa.Havoc && lhs.Int.Valid() && !lhs.Int.Fits(st.Value) {
		// A C variable holds only values of its type, whatever range
		// the havoc states.
		return nil, fmt.Errorf("thread %s: havoc value %d is no %s, the type of %s, at %s", th.Name(), st.Value, lhs.Int, lhs, st.Edge.Pos)
	}
	return s.take(m, st.Value)
}

func rangeString(m Move) string {
	lo, hi := "-inf", "+inf"
	if m.HasLo {
		lo = fmt.Sprint(m.Lo)
	}
	if m.HasHi {
		hi = fmt.Sprint(m.Hi)
	}
	return lo + ", " + hi
}

func (s *State) whyBlocked(t int, e *cfa.Edge) string {
	switch e.Kind {
	case cfa.Assume:
		return "condition is false"
	case cfa.Havoc:
		return "empty range"
	case cfa.Join:
		h, _ := s.eval(t, e.Handle)
		i := s.thread(h)
		switch {
		case i < 0:
			return fmt.Sprintf("no thread with id %d", h)
		case s.Threads[i].Joined:
			return fmt.Sprintf("thread %s was already joined", s.Threads[i].Name())
		}
		return fmt.Sprintf("thread %s has not exited", s.Threads[i].Name())
	case cfa.Lock:
		return e.Mutex.Name + " is held"
	case cfa.AwaitNoHandler:
		return fmt.Sprintf("thread %s is in a handler", s.Threads[s.handlerThread(t)].Name())
	}
	return "blocked"
}

// Next takes move m (as returned by s.Moves) with havoc value v, which the
// caller guarantees to be in the move's range. It is Apply without the
// checks, for engines enumerating Moves.
func (s *State) Next(m Move, v int64) (*State, error) { return s.take(m, v) }

// take performs an enabled move.
func (s *State) take(m Move, v int64) (*State, error) {
	t, e := m.Thread, m.Edge
	n := &State{Globals: s.Globals, ErrorReached: s.ErrorReached}
	n.Threads = make([]Thread, len(s.Threads), len(s.Threads)+1)
	copy(n.Threads, s.Threads)
	th := &n.Threads[t]
	globalsCopied, localsCopied := false, false
	set := func(x *cfa.Var, val int64) {
		if x.Bool && val != 0 {
			val = 1
		}
		if x.Global {
			if !globalsCopied {
				n.Globals = append([]int64(nil), s.Globals...)
				globalsCopied = true
			}
			n.Globals[x.Index] = val
			return
		}
		if !localsCopied {
			th.Locals = append([]int64(nil), th.Locals...)
			localsCopied = true
		}
		th.Locals[x.Index] = val
	}
	switch e.Kind {
	case cfa.Assign:
		val, err := s.eval(t, e.RHS)
		if err != nil {
			return nil, err
		}
		set(e.LHS, val)
	case cfa.Havoc:
		set(e.LHS, v)
	case cfa.Create:
		c := e.Template
		nt := newThread(len(n.Threads), c, s.Instances(c)+1)
		if c.Param != nil && e.Arg != nil {
			a, err := s.eval(t, e.Arg)
			if err != nil {
				return nil, err
			}
			if c.Param.Bool && a != 0 {
				a = 1
			}
			nt.Locals[c.Param.Index] = a
		}
		n.Threads = append(n.Threads, nt)
		th = &n.Threads[t] // append may have moved the slice
		if e.LHS != nil {
			set(e.LHS, cfa.ThreadID(nt.ID))
		}
	case cfa.Lock:
		set(e.Mutex, 1)
	case cfa.Unlock:
		set(e.Mutex, 0)
	case cfa.TryLock:
		r := int64(cfa.EBUSY)
		if s.value(t, e.Mutex) == 0 {
			set(e.Mutex, 1)
			r = 0
		}
		if e.LHS != nil {
			set(e.LHS, r)
		}
	case cfa.Exit:
		th.Done = true
	case cfa.Join:
		if e.Untracked {
			break
		}
		h, err := s.eval(t, e.Handle)
		if err != nil {
			return nil, err
		}
		n.Threads[s.thread(h)].Joined = true
	}
	if e.Kind.Stops() {
		// exit(), abort(), a failed assert: nobody moves again.
		for i := range n.Threads {
			n.Threads[i].Done = true
		}
		n.ErrorReached = n.ErrorReached || e.Kind == cfa.Error
	}
	th.Loc = e.To
	if len(th.Template.Out[th.Loc]) == 0 {
		th.Done = true
	}
	hbStep(s, n, t, e)
	return n, nil
}
