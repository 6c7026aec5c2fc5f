package interp

import (
	"fmt"
	"sort"

	"circ/cfa"
	"circ/report"
)

// Replay runs tr from the initial state of p and checks that every step is
// enabled and that the final state is a race on x under def. On success it
// returns the rendered trace (Replayed set); otherwise an error naming the
// first failing step or explaining why the final state is not a race.
func Replay(p *cfa.Program, x *cfa.Var, def RaceDef, tr Trace) (*report.Trace, error) {
	if !x.Racy() {
		return nil, fmt.Errorf("replay: %v is not a data or thread-handle global", x)
	}
	if x.Index < 0 || x.Index >= len(p.Globals) || p.Globals[x.Index] != x {
		return nil, fmt.Errorf("replay: %s is not a global of this program", x.Name)
	}
	s, out, err := replaySteps(p, def, tr)
	if err != nil {
		return nil, err
	}
	a, b, ok := RaceOn(s, x, def)
	if !ok {
		return nil, fmt.Errorf("replay: the final state after %d steps is not a race on %s under %s%s", len(tr), x.Name, def, describeAccesses(s, x, def))
	}
	for _, acc := range []Access{a, b} {
		out.Race = append(out.Race, report.Access{
			Thread: s.Threads[acc.Thread].Name(),
			Pos:    acc.Edge.Pos.String(),
			Op:     acc.Edge.String(),
			Write:  acc.Write,
		})
	}
	out.Threads = len(s.Threads)
	out.Replayed = true
	return out, nil
}

// ReplayUndefined replays tr, a trace whose last step takes an
// undefined-behaviour edge (cfa.Edge.Undefined), and returns it
// rendered; an error says why tr is no run of p into it.
func ReplayUndefined(p *cfa.Program, tr Trace) (*report.Trace, error) {
	if len(tr) == 0 || !tr[len(tr)-1].Edge.Undefined {
		return nil, fmt.Errorf("replay: the trace does not end in undefined behaviour")
	}
	s, out, err := replaySteps(p, SVCOMP, tr)
	if err != nil {
		return nil, err
	}
	out.Threads = len(s.Threads)
	out.Replayed = true
	return out, nil
}

// replaySteps runs tr from p's initial state for def and returns the
// state it reaches, with the steps rendered.
func replaySteps(p *cfa.Program, def RaceDef, tr Trace) (*State, *report.Trace, error) {
	s := InitialFor(p, def)
	h := newHandleCells()
	check := newTrackedCheck(tr)
	out := &report.Trace{}
	instances := p.Memory.Instances()
	for i, st := range tr {
		// faithful: the step reads an untracked handle, or joins
		// through one, as the program does (joins.go). A step that is
		// not one from s fails in Apply, which says why.
		joined := -1
		if s.at(st) {
			faithful := false
			switch e := st.Edge; {
			case e.Kind == cfa.Havoc && e.Cell != nil:
				v, ok := h.read(s, st)
				faithful = ok && v == st.Value
			case e.Kind == cfa.Join && e.Untracked:
				joined = joinedThread(s, st)
				faithful = joined >= 0
			}
			if err := check.step(i, s, faithful); err != nil {
				return nil, nil, err
			}
		}
		n, err := Apply(s, st)
		if err != nil {
			return nil, nil, fmt.Errorf("replay: step %d: %w", i+1, err)
		}
		if joined >= 0 {
			n.Threads[joined].Joined = true
		}
		h.update(n, st)
		step := renderStep(i+1, n, st)
		// Choosing a summary's tracked instance is circ's, not the
		// program's.
		step.Ghost = st.Edge.Kind == cfa.Havoc && instances[st.Edge.LHS]
		out.Steps = append(out.Steps, step)
		s = n
	}
	return s, out, nil
}

// UntrackedError says that a trace depends on memory circ summarizes
// without tracking (cfa.Edge.Untracked): the interpreter runs it, but
// the program may have no such run, so it is no evidence of a race.
type UntrackedError struct {
	Step int // 1-based
	Edge *cfa.Edge
}

func (e *UntrackedError) Error() string {
	what := "uses a value read from"
	switch e.Edge.Kind {
	case cfa.Havoc:
	case cfa.Join:
		what = "joins the thread of a handle of"
	default:
		what = "takes a mutex of"
	}
	return fmt.Sprintf("step %d (%s) %s an instance of a summary object (a library's, or an allocation site's that runs more than once) circ does not track, so the program may have no such run", e.Step, e.Edge.Pos, what)
}

// trackedCheck rejects a trace, step by step, that uses an untracked
// read (reading one into a temporary that a pure write then overwrites
// is harmless) or joins through one, unless replay found the step
// faithful (joins.go), or whose untracked mutexes might be one held
// twice. When every untracked lock and unlock of the trace names its
// mutex's address (cfa.Edge.Cell), the check follows which thread holds
// the mutex at each address (the trace runs from the program's start,
// and the tracked instance is at none of them, so nothing else takes
// them): a lock of one held, or an unlock by a thread that does not hold
// it, is rejected. Otherwise they must all be taken by one thread, which
// never takes one while it holds another.
type trackedCheck struct {
	tr     Trace
	read   map[threadVar]int
	locker int
	held   bool
	holder map[int64]int // nil: some untracked mutex has no address
}

func newTrackedCheck(tr Trace) *trackedCheck {
	c := &trackedCheck{tr: tr, read: map[threadVar]int{}, locker: -1, holder: map[int64]int{}}
	for _, st := range tr {
		if e := st.Edge; e != nil && untrackedMutexOp(e) && !byAddress(e) {
			c.holder = nil
		}
	}
	return c
}

// untrackedMutexOp reports whether e locks, tries or unlocks a mutex of
// an untracked instance.
func untrackedMutexOp(e *cfa.Edge) bool {
	return e.Untracked && e.Kind == cfa.Skip && e.Sync != nil
}

// byAddress reports whether untracked mutex operation e can be followed
// by its mutex's address: a lock or unlock that names it. A trylock's
// outcome is its result, a step of its own, so it is not.
func byAddress(e *cfa.Edge) bool {
	return e.Cell != nil && (e.Sync.Effect == cfa.Acquire || e.Sync.Effect == cfa.Release)
}

// step checks step i of the trace, taken from state s, where its thread
// is at its edge.
func (c *trackedCheck) step(i int, s *State, faithful bool) error {
	st := c.tr[i]
	e := st.Edge
	if untrackedMutexOp(e) && c.holder != nil {
		a, err := s.eval(st.Thread, e.Cell)
		t, held := c.holder[a]
		switch {
		case err != nil, e.Sync.Effect == cfa.Acquire && held, e.Sync.Effect == cfa.Release && (!held || t != st.Thread):
			return &UntrackedError{Step: i + 1, Edge: e}
		case e.Sync.Effect == cfa.Acquire:
			c.holder[a] = st.Thread
		default:
			delete(c.holder, a)
		}
		faithful = true
	}
	if e.Untracked && e.Kind != cfa.Havoc && !faithful {
		if e.Sync == nil || e.Kind == cfa.Join || (c.locker >= 0 && c.locker != st.Thread) {
			return &UntrackedError{Step: i + 1, Edge: e}
		}
		c.locker = st.Thread
		switch e.Sync.Effect {
		case cfa.Acquire, cfa.TryAcquire:
			if c.held {
				return &UntrackedError{Step: i + 1, Edge: e}
			}
			c.held = true
		case cfa.Release:
			c.held = false
		}
	}
	uses := map[*cfa.Var]bool{}
	e.ReadVars(uses)
	for v := range uses {
		if j, ok := c.read[threadVar{st.Thread, v}]; ok {
			return &UntrackedError{Step: j + 1, Edge: c.tr[j].Edge}
		}
	}
	if e.LHS != nil {
		delete(c.read, threadVar{st.Thread, e.LHS})
	}
	if e.Untracked && !faithful {
		c.read[threadVar{st.Thread, e.LHS}] = i
	}
	return nil
}

// describeAccesses explains a non-race final state.
func describeAccesses(s *State, x *cfa.Var, def RaceDef) string {
	acc := s.Accesses(x)
	if len(acc) == 0 {
		return " (no thread has an enabled access)"
	}
	msg := " (enabled accesses:"
	for _, a := range acc {
		kind := "read"
		if a.Write {
			kind = "write"
		}
		at := ""
		if a.Atomic {
			at = " atomic"
		}
		msg += fmt.Sprintf(" %s %s%s at %s;", s.Threads[a.Thread].Name(), kind, at, a.Edge.Pos)
	}
	if def == CIRC && len(s.AtomicThreads()) > 0 {
		msg += " some thread is at an atomic location;"
	}
	return msg[:len(msg)-1] + ")"
}

// renderStep renders step st, taken by thread st.Thread, as seen in the
// state n after the step.
func renderStep(num int, n *State, st Step) report.Step {
	th := &n.Threads[st.Thread]
	e := st.Edge
	op := e.String()
	if e.Kind == cfa.Havoc {
		op += fmt.Sprintf(" (chose %d)", st.Value)
	}
	if e.Sync != nil {
		// A step of a lowered primitive: name the call it belongs to.
		op = e.Sync.String() + ": " + op
	}
	return report.Step{
		Step:          num,
		Thread:        th.Name(),
		Template:      th.Template.Name,
		Instance:      th.Instance,
		Pos:           e.Pos.String(),
		Op:            op,
		Values:        stepValues(n, st.Thread, e),
		Atomic:        !th.Done && th.Template.Locs[th.Loc].Atomic,
		Approximation: approximation(e),
	}
}

// approximation is the note of an edge circ approximates, "" for an
// exact one.
func approximation(e *cfa.Edge) string {
	if !e.Approx {
		return ""
	}
	if e.Note == "" {
		return "approximation"
	}
	return e.Note
}

// stepValues lists the variables e reads or writes, with their values in
// n: the written variable first, then the others by name.
func stepValues(n *State, t int, e *cfa.Edge) []string {
	seen := map[*cfa.Var]bool{}
	e.ReadVars(seen)
	var first []*cfa.Var
	for _, v := range []*cfa.Var{e.LHS, e.Mutex} {
		if v != nil {
			first = append(first, v)
			delete(seen, v)
		}
	}
	rest := make([]*cfa.Var, 0, len(seen))
	for v := range seen {
		rest = append(rest, v)
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].Name < rest[j].Name })
	var vals []string
	for _, v := range append(first, rest...) {
		vals = append(vals, fmt.Sprintf("%s=%d", varName(v), n.Value(t, v)))
	}
	if e.Kind == cfa.Create && e.Template.Param != nil && e.Arg != nil {
		nt := &n.Threads[len(n.Threads)-1]
		vals = append(vals, fmt.Sprintf("%s.%s=%d", nt.Name(), varName(e.Template.Param), nt.Locals[e.Template.Param.Index]))
	}
	return vals
}

func varName(v *cfa.Var) string {
	if !v.Global && v.CName != "" {
		return v.CName
	}
	return v.Name
}
