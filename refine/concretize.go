// Package refine owns counterexample analysis (the paper's procedure
// Refine): it turns an abstract race trace into a concrete interleaving of
// CFA edges through the ARGs the context ACFAs were collapsed from and
// their maps mu, decides whether the counter bound k was too small,
// builds the interleaving's trace formula in SSA form and asks Z3 about
// it. A satisfiable formula yields a concrete trace (values from the
// model) for the interpreter to replay; an unsatisfiable one yields new
// predicates mined from a minimal unsatisfiable core.
package refine

import (
	"fmt"

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
	pending []*vthread // created, waiting to be claimed by a birth
}

// interleave computes the concrete interleaving of the paper's step 1.
// The final element of the result is the race: the two threads and their
// access edges.
func interleave(in *Input) (steps []interp.Step, threads []*vthread, mainAccess, ctxAccess raceSide, err error) {
	c := &concretizer{in: in, prog: in.Setup.Prog, nextID: 1}
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
	mainAccess = raceSide{thread: c.main.id, edge: in.Race.MainEdge}
	ctxAccess, err = c.racer()
	return c.steps, c.threads, mainAccess, ctxAccess, err
}

type raceSide struct {
	thread int
	edge   *cfa.Edge
}

func (c *concretizer) contextThread(id, tmpl int) *vthread {
	A := c.in.Setup.ACFAs[tmpl]
	v := &vthread{id: id, tmpl: tmpl, aloc: A.Entry, pc: c.prog.Templates[tmpl].Entry}
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
	c.steps = append(c.steps, interp.Step{Thread: v.id, Edge: e})
	v.pc = e.To
	if e.Kind != cfa.Create {
		return nil
	}
	t := e.Template.Index
	id := c.nextID
	c.nextID++
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

// pick returns a context thread of template j at ACFA location q, the
// most recently moved one first.
func (c *concretizer) pick(j, q int) *vthread {
	for i := len(c.threads) - 1; i >= 0; i-- {
		v := c.threads[i]
		if !v.isMain && v.tmpl == j && v.aloc == q {
			return v
		}
	}
	return nil
}

func (c *concretizer) contextMove(op predabs.Op) error {
	A := c.in.Setup.ACFAs[op.Template]
	ae := A.Edges[op.AEdge]
	v := c.pick(op.Template, ae.From)
	if v == nil {
		return errSmallK{fmt.Sprintf("no thread of template %s left at abstract location %d", c.prog.Templates[op.Template].Name, ae.From)}
	}
	arg, mu := c.in.ARGs[op.Template], c.in.Mu[op.Template]
	path, err := findPath(arg, mu, v.node, ae.From, func(ge acfa.Edge) bool {
		return mu[ge.To] == ae.To && sameSync(ge.Action, ae.Action)
	})
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
func (c *concretizer) racer() (raceSide, error) {
	r := c.in.Race
	v := c.pick(r.CtxTemplate, r.CtxLoc)
	if v == nil {
		return raceSide{}, errSmallK{"no thread left at the racing abstract location"}
	}
	x := c.in.Setup.Var
	arg, mu := c.in.ARGs[r.CtxTemplate], c.in.Mu[r.CtxTemplate]
	var access *cfa.Edge
	path, err := findPath(arg, mu, v.node, r.CtxLoc, func(ge acfa.Edge) bool {
		for _, h := range ge.Havoc {
			if h == x.Name {
				return true
			}
		}
		return false
	})
	if err != nil {
		return raceSide{}, err
	}
	// Take every edge but the last: the last is the enabled write.
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
			return raceSide{}, fmt.Errorf("internal: no CFA edge for ARG edge")
		}
		if err := c.emit(v, e, false); err != nil {
			return raceSide{}, err
		}
		v.node = ge.To
	}
	if access == nil {
		return raceSide{}, fmt.Errorf("internal: racing ARG edge has no CFA write of %s", x.Name)
	}
	return raceSide{thread: v.id, edge: access}, nil
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
// edges inside the class q (mu) followed by one edge satisfying final.
func findPath(arg *predabs.ARG, mu []int, node, q int, final func(acfa.Edge) bool) ([]int, error) {
	if arg == nil || arg.G.IsEmpty() {
		return nil, fmt.Errorf("internal: context move without an ARG")
	}
	type item struct {
		node int
		path []int
	}
	seen := map[int]bool{node: true}
	queue := []item{{node, nil}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, gi := range arg.G.Out[it.node] {
			ge := arg.G.Edges[gi]
			p := append(append([]int(nil), it.path...), gi)
			if final(ge) {
				return p, nil
			}
			silent := ge.Silent() && mu[ge.To] == q && arg.G.Locs[ge.To].Atomic == arg.G.Locs[ge.From].Atomic
			if silent && !seen[ge.To] {
				seen[ge.To] = true
				queue = append(queue, item{ge.To, p})
			}
		}
	}
	return nil, fmt.Errorf("internal: no ARG path realizes the abstract move from class %d", q)
}
