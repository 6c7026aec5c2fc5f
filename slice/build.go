package slice

import "circ/cfa"

// build returns the sliced program: a copy of s.p whose edges outside
// kept that test or assign become skips, with skip chains contracted.
// It shares the variables, the memory layout and the seeds with s.p.
func (s *Slicer) build(kept map[*cfa.Edge]bool) *cfa.Program {
	p := s.p
	np := &cfa.Program{File: p.File, Globals: p.Globals, Memory: p.Memory, Seeds: p.Seeds,
		WeakOrders: p.WeakOrders, Fences: p.Fences, DataModel: p.DataModel, PointerBits: p.PointerBits, InterruptEnable: p.InterruptEnable,
		RegionCounts: p.RegionCounts}
	clones := map[*cfa.CFA]*cfa.CFA{}
	for _, c := range p.Templates {
		nc := *c
		clones[c] = &nc
		np.Templates = append(np.Templates, &nc)
	}
	for _, nc := range np.Templates {
		if nc.Shadows != nil {
			nc.Shadows = clones[nc.Shadows]
		}
		if nc.Shadow != nil {
			nc.Shadow = clones[nc.Shadow]
		}
		edges := make([]*cfa.Edge, 0, len(nc.Edges))
		for _, e := range nc.Edges {
			ne := *e
			switch {
			case !kept[e] && (e.Kind == cfa.Assume || e.Kind == cfa.Assign || e.Kind == cfa.Havoc):
				ne = cfa.Edge{From: e.From, To: e.To, Kind: cfa.Skip, Pos: e.Pos, Note: "sliced away"}
			case e.Kind == cfa.Create:
				ne.Template = clones[e.Template]
			}
			edges = append(edges, &ne)
		}
		nc.Locs, nc.Entry, nc.Edges = contract(nc.Locs, nc.Entry, edges)
	}
	np.FinishDerived()
	return np
}

// plainSkip reports whether e does nothing the engines or replay see:
// a skip that is no part of a primitive, no untracked lock and no
// atomic operation's mark.
func plainSkip(e *cfa.Edge) bool {
	return e.Kind == cfa.Skip && e.Sync == nil && !e.Untracked && e.Cell == nil && e.Order == cfa.NotAtomic
}

// contract removes the locations whose only way on is a plain skip to a
// location of the same kind (atomic or not, in a handler region or not):
// their in-edges go where the skip goes. A thread's steps there change
// nothing, and where it may be is the same kind of place. Skips that
// only loop, or that run parallel to another, go too. It returns the
// locations left (renumbered, the entry's reachable ones), the entry and
// the edges.
func contract(locs []*cfa.Location, entry int, edges []*cfa.Edge) ([]*cfa.Location, int, []*cfa.Edge) {
	n := len(locs)
	for {
		out := make([][]*cfa.Edge, n)
		for _, e := range edges {
			out[e.From] = append(out[e.From], e)
		}
		fwd := make([]int, n)
		for l, es := range out {
			fwd[l] = -1
			if len(es) == 1 && plainSkip(es[0]) && es[0].To != l && sameKind(locs[l], locs[es[0].To]) {
				fwd[l] = es[0].To
			}
		}
		final := resolve(fwd)
		var kept []*cfa.Edge
		parallel := map[[2]int]bool{}
		for _, e := range edges {
			if fwd[e.From] >= 0 {
				continue // the skip its location is contracted along
			}
			e.To = final[e.To]
			if plainSkip(e) {
				k := [2]int{e.From, e.To}
				if e.From == e.To || parallel[k] {
					continue
				}
				parallel[k] = true
			}
			kept = append(kept, e)
		}
		entry = final[entry]
		done := len(kept) == len(edges)
		edges = kept
		if done {
			break
		}
	}
	return renumber(locs, entry, edges)
}

// sameKind reports whether a thread at a and at b is in the same kind of
// place for the engines.
func sameKind(a, b *cfa.Location) bool {
	return a.Atomic == b.Atomic && a.Handler == b.Handler && a.Regions == b.Regions
}

// resolve follows fwd (-1: stay) from every location to where it ends.
// A cycle of forwards stops at the location where it is found, whose
// forward is then cleared.
func resolve(fwd []int) []int {
	final := make([]int, len(fwd))
	onPath := make([]bool, len(fwd))
	for i := range final {
		final[i] = -1
	}
	for l := range fwd {
		var path []int
		u := l
		for final[u] < 0 && fwd[u] >= 0 && !onPath[u] {
			onPath[u] = true
			path = append(path, u)
			u = fwd[u]
		}
		t := final[u]
		if t < 0 {
			if onPath[u] {
				fwd[u] = -1 // a cycle of skips: u stays
			}
			t = u
			final[u] = u
		}
		for _, v := range path {
			final[v] = t
			onPath[v] = false
		}
	}
	return final
}

// renumber keeps the locations reachable from entry, numbered in the
// order a search finds them, and the edges between them.
func renumber(locs []*cfa.Location, entry int, edges []*cfa.Edge) ([]*cfa.Location, int, []*cfa.Edge) {
	out := make([][]*cfa.Edge, len(locs))
	for _, e := range edges {
		out[e.From] = append(out[e.From], e)
	}
	id := make([]int, len(locs))
	for i := range id {
		id[i] = -1
	}
	var order []int
	visit := func(l int) {
		if id[l] < 0 {
			id[l] = len(order)
			order = append(order, l)
		}
	}
	visit(entry)
	for i := 0; i < len(order); i++ {
		for _, e := range out[order[i]] {
			visit(e.To)
		}
	}
	nlocs := make([]*cfa.Location, len(order))
	for i, l := range order {
		loc := *locs[l]
		loc.ID = i
		nlocs[i] = &loc
	}
	var nedges []*cfa.Edge
	for _, e := range edges {
		if id[e.From] >= 0 {
			e.From, e.To = id[e.From], id[e.To]
			nedges = append(nedges, e)
		}
	}
	return nlocs, 0, nedges
}
