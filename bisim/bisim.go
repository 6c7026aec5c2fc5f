// Package bisim owns procedure Collapse of the CIRC paper (section 5):
// it minimizes an abstract reachability graph, already projected onto the
// global variables, to its weak-bisimulation quotient, which becomes the
// next abstract thread of the context. Locations are observed through
// their label, atomicity, transience, handler flag and finality; an edge
// with an empty action and no guard narrower than its source's label,
// between locations that agree on all of them, is silent, and every
// other edge is visible, labelled by its action, guard and post. The
// quotient keeps one location per equivalence class and the image of
// every edge of the graph (self loops included), so the graph is always
// simulated by its quotient (acfa.CheckSim) and the quotient can serve as
// a sound context once it also simulates the next graph.
package bisim

import (
	"encoding/binary"
	"slices"

	"circ/acfa"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// Collapse returns the weak-bisimulation quotient of g and mu, mapping each location of g to its location in the quotient.
// g's labels and havoc sets must already be projected onto globals (the caller does that).
//
// Quotient locations are numbered by first occurrence, visiting g's
// entry first and then g's locations in order, so the quotient's entry
// is location 0 and the result depends only on g. An empty g yields an
// empty ACFA and a nil mu.
func Collapse(g *acfa.ACFA) (a *acfa.ACFA, mu []int) {
	if g.IsEmpty() {
		return acfa.Empty(g.Template), nil
	}
	mu = partition(g)
	return quotient(g, mu), mu
}

// silent reports whether e is a tau move: no havoc, creation, join or
// wait for handlers, and no change of what locations show.
//
// A move whose guard is narrower than its source's label is visible too:
// merging the source of a guarded branch (a spin loop's head) with its
// target (the code after the loop) would let the class take the target's
// moves from states where only the source can be.
func silent(g *acfa.ACFA, e acfa.Edge) bool {
	from, to := g.Locs[e.From], g.Locs[e.To]
	unguarded := e.Guard == nil || e.Guard.Key() == from.Label.Key()
	return e.Silent() && unguarded && from.Atomic == to.Atomic && from.Final == to.Final && from.Transient == to.Transient &&
		from.Handler == to.Handler
}

// visibleKey names a visible move: its action and its guard.
func visibleKey(e acfa.Edge) string {
	k := e.Key()
	if e.Guard != nil {
		k += " when " + e.Guard.Key()
	}
	if e.Post != nil {
		k += " then " + e.Post.Key()
	}
	return k
}

// observable is what the initial partition compares.
type observable struct {
	label                             string
	atomic, final, transient, handler bool
	regions                           uint64
}

// partition computes the coarsest weak bisimulation of g by signature
// refinement and returns the class of every location, numbered
// canonically (see Collapse).
func partition(g *acfa.ACFA) []int {
	n := len(g.Locs)

	// Initial partition: equal observables.
	blk := make([]int, n)
	{
		ids := map[observable]int{}
		for i, l := range g.Locs {
			o := observable{l.Label.Key(), l.Atomic, l.Final, l.Transient, l.Handler, l.Regions}
			id, ok := ids[o]
			if !ok {
				id = len(ids)
				ids[o] = id
			}
			blk[i] = id
		}
	}
	nblk := maxPlusOne(blk)

	// The tau graph and its strongly connected components: all members
	// of a component have the same tau closure, hence the same weak
	// moves, so signatures are computed once per component over the
	// (acyclic) condensation.
	tg := simple.NewDirectedGraph()
	for i := range n {
		tg.AddNode(simple.Node(i))
	}
	type visible struct{ from, label, to int }
	var vis []visible
	labels := map[string]int{} // visible action key -> label id >= 1
	for _, e := range g.Edges {
		if silent(g, e) {
			if e.From != e.To {
				tg.SetEdge(tg.NewEdge(simple.Node(e.From), simple.Node(e.To)))
			}
			continue
		}
		k := visibleKey(e)
		id, ok := labels[k]
		if !ok {
			id = len(labels) + 1
			labels[k] = id
		}
		vis = append(vis, visible{e.From, id, e.To})
	}
	sccs := topo.TarjanSCC(tg)
	comp := make([]int, n)
	members := make([][]int, len(sccs))
	for c, scc := range sccs {
		for _, v := range scc {
			comp[v.ID()] = c
			members[c] = append(members[c], int(v.ID()))
		}
		slices.Sort(members[c])
	}
	succ := make([][]int, len(sccs)) // condensation edges
	for c := range sccs {
		for _, v := range members[c] {
			for _, w := range graph.NodesOf(tg.From(int64(v))) {
				if d := comp[w.ID()]; d != c {
					succ[c] = append(succ[c], d)
				}
			}
		}
		slices.Sort(succ[c])
		succ[c] = slices.Compact(succ[c])
	}
	out := make([][]visible, len(sccs)) // visible edges leaving each component
	for _, e := range vis {
		out[comp[e.from]] = append(out[comp[e.from]], e)
	}

	for {
		// tau[c]: sorted blocks reachable from component c by tau*.
		tau := make([][]int, len(sccs))
		var tauOf func(c int) []int
		tauOf = func(c int) []int {
			if tau[c] != nil {
				return tau[c]
			}
			var s []int
			for _, v := range members[c] {
				s = append(s, blk[v])
			}
			for _, d := range succ[c] {
				s = append(s, tauOf(d)...)
			}
			slices.Sort(s)
			tau[c] = slices.Compact(s)
			return tau[c]
		}
		// weak[c]: sorted (label, block) pairs of the weak visible moves
		// tau* a tau* from component c.
		weak := make([][]uint64, len(sccs))
		done := make([]bool, len(sccs))
		var weakOf func(c int) []uint64
		weakOf = func(c int) []uint64 {
			if done[c] {
				return weak[c]
			}
			var s []uint64
			for _, e := range out[c] {
				for _, b := range tauOf(comp[e.to]) {
					s = append(s, uint64(e.label)<<32|uint64(b))
				}
			}
			for _, d := range succ[c] {
				s = append(s, weakOf(d)...)
			}
			slices.Sort(s)
			weak[c], done[c] = slices.Compact(s), true
			return weak[c]
		}
		sig := make([]string, len(sccs))
		for c := range sccs {
			sig[c] = encode(tauOf(c), weakOf(c))
		}

		// Split every block by signature; numbering by first occurrence.
		type key struct {
			blk int
			sig string
		}
		ids := map[key]int{}
		next := make([]int, n)
		for i := range n {
			k := key{blk[i], sig[comp[i]]}
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			next[i] = id
		}
		blk = next
		if len(ids) == nblk {
			break // refinement only splits: same count means stable
		}
		nblk = len(ids)
	}

	// Canonical numbering: entry first, then location order.
	renum := make([]int, nblk)
	for i := range renum {
		renum[i] = -1
	}
	count := 0
	visit := func(i int) {
		if renum[blk[i]] < 0 {
			renum[blk[i]] = count
			count++
		}
	}
	visit(g.Entry)
	for i := range n {
		visit(i)
	}
	mu := make([]int, n)
	for i := range n {
		mu[i] = renum[blk[i]]
	}
	return mu
}

// quotient builds the ACFA whose locations are the classes of mu
// (numbered 0..max(mu)), each with the observables of its first member,
// and whose edges are the images of all of g's edges, merged by AddEdge.
// Edges inside a class become self loops, as procedure Collapse requires.
func quotient(g *acfa.ACFA, mu []int) *acfa.ACFA {
	a := &acfa.ACFA{Template: g.Template, Entry: mu[g.Entry]}
	nb := maxPlusOne(mu)
	rep := make([]int, nb)
	for i := range rep {
		rep[i] = -1
	}
	for i, b := range mu {
		if rep[b] < 0 {
			rep[b] = i
		}
	}
	for _, r := range rep {
		a.AddLoc(g.Locs[r])
	}
	for _, e := range g.Edges {
		a.AddEdge(mu[e.From], mu[e.To], e.Action.Clone())
	}
	return a
}

// encode is a canonical string for a signature (tau blocks and weak
// visible moves, both sorted and duplicate-free); the length prefix keeps
// the two parts apart.
func encode(tau []int, weak []uint64) string {
	b := make([]byte, 0, 2*len(tau)+5*len(weak)+2)
	b = binary.AppendUvarint(b, uint64(len(tau)))
	for _, x := range tau {
		b = binary.AppendUvarint(b, uint64(x))
	}
	for _, x := range weak {
		b = binary.AppendUvarint(b, x)
	}
	return string(b)
}

func maxPlusOne(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x+1)
	}
	return m
}
