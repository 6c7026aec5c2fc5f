// Package refine owns counterexample analysis (the paper's procedure
// Refine): it turns an abstract trace, to a race or to an
// undefined-behaviour edge (predabs.RaceError), into a concrete
// interleaving of CFA edges through the ARGs the context ACFAs were
// collapsed from and their maps mu, decides whether the counter bound k
// was too small, builds the interleaving's trace formula in SSA form and
// asks Z3 about it. A satisfiable formula yields a concrete trace (values
// from the model) for the interpreter to replay; an unsatisfiable one
// yields new predicates mined from a minimal unsatisfiable core, with
// value predicates as a fallback when those add nothing new.
package refine

import (
	"fmt"
	"slices"

	"circ/acfa"
	"circ/cfa"
	"circ/interp"
	"circ/predabs"
)

// Input is what Refine needs about one abstract race.
type Input struct {
	Setup *predabs.Setup
	// ARGs[j] and Mu[j]: the ARG of template j that Setup.ACFAs[j] was
	// collapsed from, and the map from its locations to the ACFA's.
	ARGs []*predabs.ARG
	Mu   [][]int
	Race *predabs.RaceError
}

// vthread is a thread of the concrete interleaving being built.
type vthread struct {
	id     int // real thread id: 0 for main, then creation order
	tmpl   int
	isMain bool // plays the analysed template
	aloc   int  // context threads: current ACFA location
	node   int  // context threads: current ARG location
	pc     int
}

// errSmallK reports that the abstract trace used more threads at a
// location than k lets the counters tell apart.
type errSmallK struct{ why string }

func (e errSmallK) Error() string { return "counter bound too small: " + e.why }

type concretizer struct {
	in      *Input
	prog    *cfa.Program
	threads []*vthread
	steps   []interp.Step
	nextID  int
	main    *vthread
	// oldestFirst: a context move is taken by the oldest thread at its
	// location, not the most recently moved one.
	oldestFirst bool

	// For matching joins with the threads they wait for (by id).
	createdAt map[int]int // the step that created the thread
	exited    map[int]bool
	joined    map[int]bool
	handleOf  map[handleKey]int // the id a create stored in a handle
}

type handleKey struct {
	thread int // -1 for a global handle
	v      *cfa.Var
}

func keyOf(thread int, v *cfa.Var) handleKey {
	if v.Global {
		thread = -1
	}
	return handleKey{thread, v}
}

// interleave computes the concrete interleaving of the paper's step 1.
// The final element of the result is the race: the two threads and their
// access edges (or, for a trace into undefined behaviour, the main
// thread's step into it).
func interleave(in *Input, oldestFirst bool) (steps []interp.Step, threads []*vthread, err error) {
	c := &concretizer{in: in, prog: in.Setup.Prog, nextID: 1, oldestFirst: oldestFirst,
		createdAt: map[int]int{0: -1}, exited: map[int]bool{}, joined: map[int]bool{}, handleOf: map[handleKey]int{}}
	s := in.Setup
	if s.Main == 0 {
		c.main = &vthread{id: 0, tmpl: 0, isMain: true, pc: s.Prog.Main().Entry}
		c.threads = append(c.threads, c.main)
	} else if !s.ACFAs[0].IsEmpty() {
		c.threads = append(c.threads, c.contextThread(0, 0))
	}
	for _, op := range in.Race.Ops {
		if err = c.apply(op); err != nil {
			return
		}
	}
	if c.main == nil {
		err = fmt.Errorf("internal: race trace without a running main thread")
		return
	}
	if in.Race.Undefined {
		// No race: the trace ends with the main thread's step into
		// undefined behaviour.
		err = c.emit(c.main, in.Race.MainEdge, false)
	} else {
		err = c.racer()
	}
	return c.steps, c.threads, err
}

func (c *concretizer) contextThread(id, tmpl int) *vthread {
	A := c.in.Setup.ACFAs[tmpl]
	v := &vthread{id: id, tmpl: tmpl, aloc: A.Entry, pc: c.prog.Templates[tmpl].Entry}
	if tmpl >= len(c.in.ARGs) {
		return v // the first round: no ARG yet, the context is empty
	}
	if arg := c.in.ARGs[tmpl]; arg != nil && !arg.G.IsEmpty() {
		v.node = arg.G.Entry
	}
	return v
}

func (c *concretizer) apply(op predabs.Op) error {
	switch op.Kind {
	case predabs.MainMove:
		return c.emit(c.main, op.Edge, false)
	default:
		return c.contextMove(op)
	}
}

// emit appends thread v taking e, creating threads as needed.
func (c *concretizer) emit(v *vthread, e *cfa.Edge, birth bool) error {
	switch e.Kind {
	case cfa.Exit, cfa.Error:
		c.exited[v.id] = true
	case cfa.Join:
		c.matchJoin(v, e)
	}
	c.steps = append(c.steps, interp.Step{Thread: v.id, Edge: e})
	v.pc = e.To
	if e.Kind != cfa.Create {
		return nil
	}
	t := e.Template.Index
	id := c.nextID
	c.nextID++
	c.createdAt[id] = len(c.steps) - 1
	if e.LHS != nil {
		c.handleOf[keyOf(v.id, e.LHS)] = id
	}
	if birth && t == c.in.Setup.Main && c.main == nil {
		c.main = &vthread{id: id, tmpl: t, isMain: true, pc: e.Template.Entry}
		c.threads = append(c.threads, c.main)
		return nil
	}
	nt := c.contextThread(id, t)
	if c.in.Setup.ACFAs[t].IsEmpty() {
		nt.aloc = -1 // never moves in the abstraction
	}
	c.threads = append(c.threads, nt)
	return nil
}

// matchJoin makes the join of v by e wait for an exited thread. The
// abstraction joins some exited instance of the template, while the
// program waits for the one its handle names; threads of one template
// created before either moved are interchangeable, so when the named one
// has not exited, an exited one takes its identity (the ids are swapped
// throughout the steps so far). If none fits, the trace formula finds
// the join infeasible.
func (c *concretizer) matchJoin(v *vthread, e *cfa.Edge) {
	r, ok := e.Handle.(cfa.Ref)
	if !ok || e.Untracked {
		return
	}
	target, ok := c.handleOf[keyOf(v.id, r.V)]
	if !ok || c.exited[target] {
		c.joined[target] = true
		return
	}
	tt := c.thread(target)
	if tt == nil {
		return
	}
	for _, o := range c.threads {
		if o.isMain || o.tmpl != tt.tmpl || !c.exited[o.id] || c.joined[o.id] {
			continue
		}
		if c.firstStep(o.id) > c.createdAt[target] && c.firstStep(target) > c.createdAt[o.id] {
			c.swap(target, o.id)
			c.joined[target] = true
			return
		}
	}
}

func (c *concretizer) thread(id int) *vthread {
	for _, t := range c.threads {
		if t.id == id {
			return t
		}
	}
	return nil
}

// firstStep is the index of the first step of thread id (len(steps) if
// it has none).
func (c *concretizer) firstStep(id int) int {
	for i, st := range c.steps {
		if st.Thread == id {
			return i
		}
	}
	return len(c.steps)
}

// swap exchanges the identities of threads a and b.
func (c *concretizer) swap(a, b int) {
	for i := range c.steps {
		switch c.steps[i].Thread {
		case a:
			c.steps[i].Thread = b
		case b:
			c.steps[i].Thread = a
		}
	}
	ta, tb := c.thread(a), c.thread(b)
	ta.id, tb.id = b, a
	c.exited[a], c.exited[b] = c.exited[b], c.exited[a]
	c.joined[a], c.joined[b] = c.joined[b], c.joined[a]
}

// pick returns a context thread of template j at ACFA location q: the
// most recently created one, or the oldest with oldestFirst. Threads at
// one ACFA location are interchangeable for the abstraction, but not for
// joins, which wait for particular threads.
func (c *concretizer) pick(j, q int) *vthread {
	var found *vthread
	for _, v := range c.threads {
		if !v.isMain && v.tmpl == j && v.aloc == q {
			found = v
			if c.oldestFirst {
				break
			}
		}
	}
	return found
}

func (c *concretizer) contextMove(op predabs.Op) error {
	A := c.in.Setup.ACFAs[op.Template]
	ae := A.Edges[op.AEdge]
	v := c.pick(op.Template, ae.From)
	if v == nil {
		return errSmallK{fmt.Sprintf("no thread of template %s left at abstract location %d", c.prog.Templates[op.Template].Name, ae.From)}
	}
	arg, mu := c.in.ARGs[op.Template], c.in.Mu[op.Template]
	path, err := findPath(arg, mu, v.node, ae.From, true, func(ge acfa.Edge) bool {
		return sameSync(ge.Action, ae.Action)
	}, ae.To)
	if err != nil {
		return err
	}
	for _, gi := range path {
		ge := arg.G.Edges[gi]
		e := edgeFrom(arg, gi, v.pc)
		if e == nil {
			return fmt.Errorf("internal: ARG edge %d->%d has no CFA edge from pc %d", ge.From, ge.To, v.pc)
		}
		if err := c.emit(v, e, op.Kind == predabs.BirthMove); err != nil {
			return err
		}
		v.node = ge.To
	}
	v.aloc = ae.To
	if op.Kind == predabs.BirthMove && c.main == nil {
		return fmt.Errorf("internal: birth move without a create of the analysed template")
	}
	return nil
}

// racer moves a context thread at the racing ACFA location (by silent
// steps inside its class) to a CFA location with a write of the variable.
func (c *concretizer) racer() error {
	r := c.in.Race
	v := c.pick(r.CtxTemplate, r.CtxLoc)
	if v == nil {
		return errSmallK{"no thread left at the racing abstract location"}
	}
	x := c.in.Setup.Var
	arg, mu := c.in.ARGs[r.CtxTemplate], c.in.Mu[r.CtxTemplate]
	var access *cfa.Edge
	path, err := findPath(arg, mu, v.node, r.CtxLoc, false, func(ge acfa.Edge) bool {
		for _, h := range ge.Havoc {
			if h == x.Name {
				return true
			}
		}
		return false
	}, -1)
	if err != nil {
		return err
	}
	// Take every edge but the last: the last is the enabled write.
	start := len(c.steps)
	defer c.hoist(start)
	for i, gi := range path {
		ge := arg.G.Edges[gi]
		if i == len(path)-1 {
			for _, e := range arg.EdgeOps[gi] {
				if _, w := e.Accesses(x); w && e.From == v.pc {
					access = e
				}
			}
			break
		}
		e := edgeFrom(arg, gi, v.pc)
		if e == nil {
			return fmt.Errorf("internal: no CFA edge for ARG edge")
		}
		if err := c.emit(v, e, false); err != nil {
			return err
		}
		v.node = ge.To
	}
	if access == nil {
		return fmt.Errorf("internal: racing ARG edge has no CFA write of %s", x.Name)
	}
	return nil
}

// hoist moves the racer's steps (steps[start:]) before the main thread's
// entry into the atomic section it is in, if any (only under the svcomp
// definition does a race have the main thread atomic). The racer was at
// its ACFA location already then, since nothing else moves while the
// main thread is atomic, and its steps cannot be scheduled inside the
// section; those are silent for the abstraction, but can be writes of
// globals no predicate mentions, so the trace formula judges the new
// order like any other.
func (c *concretizer) hoist(start int) {
	main := c.prog.Templates[c.main.tmpl]
	if start == len(c.steps) || !main.Locs[c.main.pc].Atomic {
		return
	}
	at := start
	for at > 0 && c.steps[at-1].Thread == c.main.id && main.Locs[c.steps[at-1].Edge.From].Atomic {
		at--
	}
	if at > 0 && c.steps[at-1].Thread == c.main.id && main.Locs[c.steps[at-1].Edge.To].Atomic {
		at-- // the move into the section
	}
	moved := slices.Clone(c.steps[start:])
	c.steps = slices.Insert(c.steps[:start], at, moved...)
}

func sameSync(a, b acfa.Action) bool {
	return fmt.Sprint(a.Creates, a.Joins) == fmt.Sprint(b.Creates, b.Joins)
}

// edgeFrom returns a CFA edge behind ARG edge gi leaving pc.
func edgeFrom(arg *predabs.ARG, gi, pc int) *cfa.Edge {
	for _, e := range arg.EdgeOps[gi] {
		if e.From == pc {
			return e
		}
	}
	return nil
}

// findPath searches the ARG breadth-first from node for a path of silent
// steps inside the class q (mu) followed by one edge satisfying final
// and, when target >= 0, ending in class target.
//
// The context folds transient chains and, under the circ race definition,
// atomic sections into single moves (acfa.Summarize; mu is -1 inside
// them). A path may cross a section as a silent step when the section
// writes no global and comes back to q; with finalFromSection, final is
// also tested on the edges that leave a section (the move is a folded
// section), with the creations and joins of the edge that entered it.
//
// The quotient is a weak bisimulation (bisim.Collapse), so a location of
// class q may match the class's move only weakly: silent steps that
// leave q, the move, then silent steps into target. Such paths are
// searched for when no direct one exists.
func findPath(arg *predabs.ARG, mu []int, node, q int, finalFromSection bool, final func(acfa.Edge) bool, target int) ([]int, error) {
	if arg == nil || arg.G.IsEmpty() {
		return nil, fmt.Errorf("internal: context move without an ARG")
	}
	for _, weak := range []bool{false, true} {
		if p := searchPath(arg, mu, node, q, finalFromSection, final, target, weak); p != nil {
			return p, nil
		}
	}
	return nil, fmt.Errorf("internal: no ARG path realizes the abstract move from class %d", q)
}

// searchPath is findPath's search, with silent steps inside q before the
// move and none after it, or (weak) anywhere before and after it.
func searchPath(arg *predabs.ARG, mu []int, node, q int, finalFromSection bool, final func(acfa.Edge) bool, target int, weak bool) []int {
	type item struct {
		node  int
		wrote bool // inside a section that wrote a global
		enter acfa.Action
		start int // the location before the section (-1: outside one)
		moved bool
		path  []int
	}
	type key struct {
		node, start  int
		wrote, moved bool
		sync         string // the creations and joins of enter
	}
	syncKey := func(a acfa.Action) string { return fmt.Sprint(a.Creates, a.Joins) }
	seen := map[key]bool{{node, -1, false, false, syncKey(acfa.Action{})}: true}
	queue := []item{{node: node, start: -1}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		inside := mu[it.node] < 0
		for _, gi := range arg.G.Out[it.node] {
			ge := arg.G.Edges[gi]
			p := append(slices.Clone(it.path), gi)
			next := item{node: ge.To, wrote: it.wrote || !ge.Silent(), enter: it.enter, start: it.start, moved: it.moved, path: p}
			var follow bool
			if mu[ge.To] < 0 {
				if !inside {
					// Into a section: a transient chain's entering
					// move can be the racer's write.
					if target < 0 && final(ge) {
						return p
					}
					next.enter, next.start = ge.Action, ge.From
				}
				follow = true
			} else {
				// A move of the context: a plain edge, or a section
				// from its start to this exit.
				move, from := ge, ge.From
				if inside {
					move.Creates, move.Joins = it.enter.Creates, it.enter.Joins
					from = it.start
				}
				if !it.moved && (!inside || finalFromSection) && final(move) {
					if target < 0 || mu[ge.To] == target {
						return p
					}
					if weak && !seen[key{ge.To, -1, false, true, ""}] {
						seen[key{ge.To, -1, false, true, ""}] = true
						queue = append(queue, item{node: ge.To, start: -1, moved: true, path: p})
					}
				}
				fl, tl := arg.G.Locs[from], arg.G.Locs[ge.To]
				silent := !next.wrote && tl.Atomic == fl.Atomic && tl.Transient == fl.Transient && tl.Handler == fl.Handler
				if next.moved && silent && mu[ge.To] == target {
					return p
				}
				follow = silent && (weak || mu[ge.To] == q)
				next.wrote, next.enter, next.start = false, acfa.Action{}, -1
			}
			if k := (key{next.node, next.start, next.wrote, next.moved, syncKey(next.enter)}); follow && !seen[k] {
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	return nil
}
