package predabs

import (
	"circ/cfa"

	"github.com/aclements/go-z3/z3"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// A main thread inside an atomic section runs alone, and under the circ
// race definition races with nobody; inside a chain of local steps
// (transient locations) it runs alone too and has no access to race
// with. The product states it passes through there differ only in a
// context that cannot move. run therefore takes such a section in one
// step (see entersSection): its inner thread states and moves still go
// into the ARG, once per entry thread state, but the product has states
// only where the section is left. That removes from the state budget
// every inner location of every section (the harness of an
// interrupt-driven model is mostly atomic, its handlers mostly local
// steps) times every context the section is entered in.

// viaStep is one main move inside a folded section and the thread state
// it reaches.
type viaStep struct {
	edge *cfa.Edge
	ts   ThreadState
}

// sectionExit is a thread state where a section is left (a non-atomic
// location, or an atomic one without moves) and a shortest path of moves
// from the section's entry state to it.
type sectionExit struct {
	ts  ThreadState
	via []viaStep
	// awaits: the path waits for no handler; it is taken only in
	// contexts without a thread in a handler.
	awaits bool
}

// sectionSummary is the folded section from one entry thread state; ok is
// false when it cannot be folded (it creates or joins threads, which
// changes the context).
type sectionSummary struct {
	exits []sectionExit
	ok    bool
}

// folds reports whether run takes the main thread through pc without
// product states: pc is transient, or atomic under the circ definition
// (under svcomp an atomic access still races, so the product must stop
// there), and has moves, none of them undefined behaviour to decide
// (run must meet the state there).
func (a *analysis) folds(pc int) bool {
	return (a.transient[pc] || (a.CircDef && a.tmpl.Locs[pc].Atomic)) && len(a.tmpl.Out[pc]) > 0 && a.undecided(pc) == nil
}

// entersSection reports whether nx, a successor of st, is a main move
// into a section that run folds.
func (a *analysis) entersSection(st, nx *State) bool {
	return nx.op.Kind == MainMove && st.Phase == Running && !a.folds(st.PC) && a.folds(nx.PC)
}

// section explores the atomic section entered at thread state in,
// breadth-first over thread states, registering its ARG nodes and edges.
// The summary is cached: it does not depend on the context, which stays
// still while the main thread is atomic.
func (a *analysis) section(in ThreadState) (sectionSummary, error) {
	if s, ok := a.sections[in]; ok {
		return s, nil
	}
	type visit struct {
		parent int
		step   viaStep
		awaits bool
	}
	// A thread state is visited at most twice: reached by a path that
	// waits for no handler, and by one that does not.
	type key struct {
		ts     ThreadState
		awaits bool
	}
	visits := []visit{{-1, viaStep{nil, in}, false}}
	seen := map[key]bool{{in, false}: true}
	path := func(i int) []viaStep {
		var p []viaStep
		for ; visits[i].parent >= 0; i = visits[i].parent {
			p = append(p, visits[i].step)
		}
		for l, r := 0, len(p)-1; l < r; l, r = l+1, r-1 {
			p[l], p[r] = p[r], p[l]
		}
		return p
	}
	var s sectionSummary
	for i := 0; i < len(visits); i++ {
		ts, awaits := visits[i].step.ts, visits[i].awaits
		st := &State{Phase: Running, PC: ts.PC, M: ts.M}
		for _, e := range a.tmpl.Out[ts.PC] {
			if e.Kind == cfa.Create || e.Kind == cfa.Join {
				a.sections[in] = sectionSummary{}
				return sectionSummary{}, nil
			}
			nxs, err := a.postMain(st, e)
			if err != nil {
				return sectionSummary{}, err
			}
			for _, nx := range nxs {
				a.connect(st, nx)
				to := ThreadState{nx.PC, nx.M}
				aw := awaits || e.Kind == cfa.AwaitNoHandler
				if seen[key{to, aw}] || seen[key{to, false}] {
					continue
				}
				seen[key{to, aw}] = true
				step := viaStep{e, to}
				if !a.folds(nx.PC) {
					s.exits = append(s.exits, sectionExit{to, append(path(i), step), aw})
					continue
				}
				visits = append(visits, visit{i, step, aw})
			}
		}
	}
	s.ok = true
	a.sections[in] = s
	return s, nil
}

// transientLocs marks the locations inside chains of local steps: not
// atomic, not the entry, every move local (cfa.Edge.LocalOnly) and to a
// location outside atomic sections, some move always enabled (assumptions
// that cover every state), and on no cycle of such locations. By Lipton's
// reduction such a chain can run as soon as the thread enters it, before
// anyone else moves: its steps commute with every other thread's, so any
// run reaches the same states with them moved up, and a race, whose
// threads stand at accesses, is never inside one. The other conditions
// make every chain end, at a location where others move again: without
// them the reduction would block everyone forever behind a thread that
// cannot leave (a failed __VERIFIER_assume over locals, a local spin
// loop), or that goes from one atomic section to the next through local
// steps only (entering a section is no mover: the section comes with it).
func (a *analysis) transientLocs() ([]bool, error) {
	c := a.tmpl
	cand := make([]bool, len(c.Locs))
	for pc, l := range c.Locs {
		if l.Atomic || pc == c.Entry || len(c.Out[pc]) == 0 {
			continue
		}
		total := false
		var conds []z3.Bool
		cand[pc] = true
		for _, e := range c.Out[pc] {
			if !e.LocalOnly() || c.Locs[e.To].Atomic {
				cand[pc] = false
				break
			}
			if e.Kind == cfa.Assume {
				conds = append(conds, a.Solver.Bool(e.Cond, env(0)))
			} else {
				total = true
			}
		}
		if cand[pc] && !total {
			// Total when no state fails every assumption.
			sat, err := a.Solver.Check(conds[0].Or(conds[1:]...).Not())
			if err != nil {
				return nil, err
			}
			cand[pc] = !sat
		}
	}
	// Off every cycle: the candidates' own graph, less its cyclic
	// components.
	g := simple.NewDirectedGraph()
	for pc := range cand {
		if cand[pc] {
			g.AddNode(simple.Node(pc))
		}
	}
	for pc := range cand {
		for _, e := range c.Out[pc] {
			if cand[pc] && cand[e.To] {
				if e.To == pc {
					cand[pc] = false
				} else {
					g.SetEdge(g.NewEdge(simple.Node(pc), simple.Node(e.To)))
				}
			}
		}
	}
	for _, scc := range topo.TarjanSCC(g) {
		if len(scc) > 1 {
			for _, n := range scc {
				cand[n.ID()] = false
			}
		}
	}
	return cand, nil
}
