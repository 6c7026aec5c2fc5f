package slice

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/flow"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"

	"circ/cfa"
)

// controlDeps returns, for each location of c, the branch locations it
// is control dependent on (Ferrante, Ottenstein and Warren): those with
// an edge from which every path passes it and another from which some
// path does not. Post-dominance needs an exit every location reaches: a
// virtual one after the locations without out-edges, and after one
// location of each part of c that never gets there (a scheduler's
// endless loop). Which location that is only changes how many tests a
// slice keeps, never whether it over-approximates.
func controlDeps(c *cfa.CFA) [][]int {
	n := len(c.Locs)
	exit := n
	g := &adjacency{succ: make([][]int, n+1), pred: make([][]int, n+1)}
	for l, es := range c.Out {
		seen := map[int]bool{}
		for _, e := range es {
			if !seen[e.To] {
				seen[e.To] = true
				g.link(l, e.To)
			}
		}
		if len(es) == 0 {
			g.link(l, exit)
		}
	}
	// Mark what reaches the exit, then give an exit to each strongly
	// connected component, sinks first, that still does not.
	reaches := make([]bool, n+1)
	g.markReaching(exit, reaches)
	for _, scc := range topo.TarjanSCC(g) {
		first := int(scc[0].ID())
		for _, v := range scc {
			first = min(first, int(v.ID()))
		}
		if !reaches[first] {
			g.link(first, exit)
			g.markReaching(first, reaches)
		}
	}
	pdom := flow.Dominators(simple.Node(exit), reversed{g})
	ipdom := make([]int, n+1)
	for l := 0; l < n; l++ {
		ipdom[l] = exit
		if d := pdom.DominatorOf(int64(l)); d != nil {
			ipdom[l] = int(d.ID())
		}
	}
	deps := make([][]int, n)
	for a := 0; a < n; a++ {
		if len(g.succ[a]) < 2 {
			continue
		}
		for _, b := range g.succ[a] {
			for r := b; r != ipdom[a] && r != exit; r = ipdom[r] {
				if k := len(deps[r]); k == 0 || deps[r][k-1] != a {
					deps[r] = append(deps[r], a)
				}
			}
		}
	}
	return deps
}

// adjacency is a CFA's locations as a gonum graph, with the virtual exit
// as the last node.
type adjacency struct {
	succ, pred [][]int
}

func (g *adjacency) link(from, to int) {
	g.succ[from] = append(g.succ[from], to)
	g.pred[to] = append(g.pred[to], from)
}

// markReaching marks every node from which a path leads to v.
func (g *adjacency) markReaching(v int, marks []bool) {
	work := []int{v}
	marks[v] = true
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range g.pred[u] {
			if !marks[p] {
				marks[p] = true
				work = append(work, p)
			}
		}
	}
}

func nodes(ids []int) graph.Nodes {
	ns := make([]graph.Node, len(ids))
	for i, id := range ids {
		ns[i] = simple.Node(id)
	}
	return iterator.NewOrderedNodes(ns)
}

func has(ids []int, id int64) bool {
	for _, x := range ids {
		if int64(x) == id {
			return true
		}
	}
	return false
}

func (g *adjacency) Node(id int64) graph.Node {
	if id < 0 || id >= int64(len(g.succ)) {
		return nil
	}
	return simple.Node(id)
}

func (g *adjacency) Nodes() graph.Nodes {
	ids := make([]int, len(g.succ))
	for i := range ids {
		ids[i] = i
	}
	return nodes(ids)
}

func (g *adjacency) From(id int64) graph.Nodes     { return nodes(g.succ[id]) }
func (g *adjacency) To(id int64) graph.Nodes       { return nodes(g.pred[id]) }
func (g *adjacency) HasEdgeFromTo(u, v int64) bool { return has(g.succ[u], v) }
func (g *adjacency) HasEdgeBetween(x, y int64) bool {
	return g.HasEdgeFromTo(x, y) || g.HasEdgeFromTo(y, x)
}
func (g *adjacency) Edge(u, v int64) graph.Edge { return g.edge(u, v, g.HasEdgeFromTo(u, v)) }
func (g *adjacency) edge(u, v int64, ok bool) graph.Edge {
	if !ok {
		return nil
	}
	return simple.Edge{F: simple.Node(u), T: simple.Node(v)}
}

// reversed is g with every edge turned round: its dominators are g's
// post-dominators.
type reversed struct{ g *adjacency }

func (r reversed) Node(id int64) graph.Node       { return r.g.Node(id) }
func (r reversed) Nodes() graph.Nodes             { return r.g.Nodes() }
func (r reversed) From(id int64) graph.Nodes      { return r.g.To(id) }
func (r reversed) To(id int64) graph.Nodes        { return r.g.From(id) }
func (r reversed) HasEdgeFromTo(u, v int64) bool  { return r.g.HasEdgeFromTo(v, u) }
func (r reversed) HasEdgeBetween(x, y int64) bool { return r.g.HasEdgeBetween(x, y) }
func (r reversed) Edge(u, v int64) graph.Edge     { return r.g.edge(u, v, r.HasEdgeFromTo(u, v)) }
