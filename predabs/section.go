package predabs

import "circ/cfa"

// Under the circ race definition a main thread inside an atomic section
// runs alone and races with nobody, so the product states it passes
// through there differ only in a context that cannot move. run therefore
// takes a section in one step (see enterSection): its inner thread states
// and moves still go into the ARG, once per entry thread state, but the
// product has states only where the section is left. That removes from
// the state budget every inner location of every section (the harness of
// an interrupt-driven model is mostly atomic) times every context the
// section is entered in.

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
}

// sectionSummary is the folded section from one entry thread state; ok is
// false when it cannot be folded (it creates or joins threads, which
// changes the context).
type sectionSummary struct {
	exits []sectionExit
	ok    bool
}

// entersSection reports whether nx, a successor of st, is a main move
// into an atomic section that run folds.
func (a *analysis) entersSection(st, nx *State) bool {
	return a.CircDef && nx.op.Kind == MainMove && st.Phase == Running &&
		!a.tmpl.Locs[st.PC].Atomic && a.tmpl.Locs[nx.PC].Atomic && len(a.tmpl.Out[nx.PC]) > 0
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
	}
	visits := []visit{{-1, viaStep{nil, in}}}
	seen := map[ThreadState]bool{in: true}
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
		ts := visits[i].step.ts
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
				if seen[to] {
					continue
				}
				seen[to] = true
				step := viaStep{e, to}
				if !a.tmpl.Locs[nx.PC].Atomic || len(a.tmpl.Out[nx.PC]) == 0 {
					s.exits = append(s.exits, sectionExit{to, append(path(i), step)})
					continue
				}
				visits = append(visits, visit{i, step})
			}
		}
	}
	s.ok = true
	a.sections[in] = s
	return s, nil
}
