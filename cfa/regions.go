package cfa

import "fmt"

// RegionCount is a ghost counter the front end adds (CountRegions): the
// number of threads of one template whose unit of a shared counter is
// outstanding. Var is a global of circ's own (Kind Sync, never checked
// for races), Counter the program's global, and Bit the bit of
// Location.Regions that marks the locations of the region.
type RegionCount struct {
	Var, Counter *Var
	Bit          uint
}

// maxRegions bounds the region counts (Location.Regions is a bit set).
const maxRegions = 64

// CountRegions adds the region counts of p. For a thread template and a
// global counter it moves by one (g++, g--), the region is the set of the
// template's locations from which a thread can still decrement the
// counter and can no longer increment it: the thread has added its unit
// (or another thread added it on its behalf, as main does before it
// creates a worker) and has not taken it back. Its ghost counter goes up
// with each creation of the template whose entry is in the region and
// on each edge that enters the region, and down on each edge that
// leaves it; the update follows the edge at a new atomic location (and
// precedes a creation), so no other thread moves in between, and the
// new locations are outside the region. The ghost is therefore at
// least the number of threads in the region in every state (more only
// while a thread sits at one of the new locations, or after a thread in
// the region was cancelled), which is what the abstract engine may
// assume of it: the counts of its contexts are lower bounds of that
// number. It relates a counter like threads_alive, which main waits
// on instead of joining, with the threads that still run.
//
// Only the counters that some thread tests (an assumption reads them: a
// thread waits on them) and that the template moves by one at a time
// (`g++`, `g--`) are counted: a region of another counter would only
// cost states. p must not be finished yet (Finish numbers the new
// variables).
func (p *Program) CountRegions() {
	// Region bits are on the locations: a template sharing them with
	// another would have its threads counted against the other's
	// ghost.
	owner := map[*Location]*CFA{}
	shared := map[*CFA]bool{}
	for _, c := range p.Templates {
		for _, l := range c.Locs {
			if o, ok := owner[l]; ok && o != c {
				shared[c], shared[o] = true, true
			}
			owner[l] = c
		}
	}
	tested := map[*Var]bool{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind == Assume {
				e.ReadVars(tested)
			}
		}
	}
	for _, c := range p.Templates[1:] {
		if shared[c] {
			continue
		}
		moves := c.counterMoves()
		for _, g := range p.Globals {
			if !tested[g] {
				continue
			}
			if len(p.RegionCounts) == maxRegions {
				return
			}
			in := c.region(moves[g])
			if in == nil {
				continue
			}
			bit := uint(len(p.RegionCounts))
			ghost := &Var{Name: fmt.Sprintf("%s#in(%s)", g.Name, c.Name), CName: fmt.Sprintf("threads of %s holding a unit of %s", c.Name, g.CName),
				Global: true, Kind: Sync, Frame: -1, Pos: g.Pos}
			p.Globals = append(p.Globals, ghost)
			p.RegionCounts = append(p.RegionCounts, RegionCount{Var: ghost, Counter: g, Bit: bit})
			// What refinement would not find, since no trace needs the
			// ghost: whether the region is empty, and whether the
			// counter covers it: the ghost is at most the counter
			// (more than that when a creation that was counted
			// failed), at most one less while a creator has counted a
			// thread it has not created yet, at most one more between
			// a thread's decrement and the ghost's.
			G, cnt := Ref{V: ghost}, Ref{V: g}
			p.Seeds = append(p.Seeds, Seed{E: Binary{Op: Eq, X: G, Y: Const{Val: 0}}, Template: -1})
			for _, d := range []int64{-1, 0, 1} {
				p.Seeds = append(p.Seeds, Seed{E: Binary{Op: Le, X: G, Y: Binary{Op: Add, X: cnt, Y: Const{Val: d}}}, Template: -1})
			}
			for l, ok := range in {
				if ok {
					c.Locs[l].Regions |= 1 << bit
				}
			}
			for _, e := range append([]*Edge(nil), c.Edges...) {
				switch {
				case in[e.From] && !in[e.To]:
					c.followBy(e, ghost, -1)
				case !in[e.From] && in[e.To]:
					c.followBy(e, ghost, 1)
				}
			}
			if in[c.Entry] {
				for _, d := range p.Templates {
					for _, e := range append([]*Edge(nil), d.Edges...) {
						if e.Kind == Create && e.Template == c {
							d.precedeBy(e, ghost, 1)
						}
					}
				}
			}
		}
	}
}

// counterWrites are the sources of a template's writes of one global:
// its decrements and increments by one; other is set when it writes the
// global otherwise too.
type counterWrites struct {
	dec, inc []int
	other    bool
}

// counterMoves collects c's writes of each global integer.
func (c *CFA) counterMoves() map[*Var]*counterWrites {
	out := map[*Var]*counterWrites{}
	for _, e := range c.Edges {
		g := e.LHS
		if (e.Kind != Assign && e.Kind != Havoc) || g == nil || !g.Global || g.Kind != Data || g.Bool {
			continue
		}
		w := out[g]
		if w == nil {
			w = &counterWrites{}
			out[g] = w
		}
		switch unitStep(e, g) {
		case -1:
			w.dec = append(w.dec, e.From)
		case 1:
			w.inc = append(w.inc, e.From)
		default:
			w.other = true
		}
	}
	return out
}

// region is the region (CountRegions) of a counter c writes as w says,
// as a set of location ids, or nil when c does not only move it by one
// or the region is empty.
func (c *CFA) region(w *counterWrites) []bool {
	if w == nil || w.other || len(w.dec) == 0 {
		return nil
	}
	mayDec, mayInc := c.reachesAny(w.dec), c.reachesAny(w.inc)
	in := make([]bool, len(c.Locs))
	any := false
	for l := range in {
		in[l] = mayDec[l] && !mayInc[l]
		any = any || in[l]
	}
	if !any {
		return nil
	}
	return in
}

// unitStep is the sign of e's change of g when e is g := g + 1 or
// g := g - 1 (the counter's unit), and 0 otherwise.
func unitStep(e *Edge, g *Var) int {
	if e.Kind != Assign {
		return 0
	}
	b, ok := e.RHS.(Binary)
	if !ok {
		return 0
	}
	if x, ok := b.X.(Ref); !ok || x.V != g {
		return 0
	}
	k, ok := b.Y.(Const)
	if !ok || (k.Val != 1 && k.Val != -1) {
		return 0
	}
	switch b.Op {
	case Add:
		return int(k.Val)
	case Sub:
		return -int(k.Val)
	}
	return 0
}

// reachesAny marks the locations of c from which one of targets is
// reachable (targets included).
func (c *CFA) reachesAny(targets []int) []bool {
	preds := make([][]int, len(c.Locs))
	for _, e := range c.Edges {
		preds[e.To] = append(preds[e.To], e.From)
	}
	seen := make([]bool, len(c.Locs))
	work := append([]int(nil), targets...)
	for _, l := range targets {
		seen[l] = true
	}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, f := range preds[l] {
			if !seen[f] {
				seen[f] = true
				work = append(work, f)
			}
		}
	}
	return seen
}

// followBy makes e end at a new atomic location from which an edge adds
// delta to ghost and goes on to e's target.
func (c *CFA) followBy(e *Edge, ghost *Var, delta int64) {
	mid := c.atomicBeside(e.To, e.Pos)
	c.AddEdge(ghostStep(ghost, delta, mid, e.To, e.Pos))
	e.To = mid
}

// precedeBy makes e start at a new atomic location that an edge adding
// delta to ghost leads to from e's source.
func (c *CFA) precedeBy(e *Edge, ghost *Var, delta int64) {
	mid := c.atomicBeside(e.From, e.Pos)
	c.AddEdge(ghostStep(ghost, delta, e.From, mid, e.Pos))
	e.From = mid
}

// atomicBeside adds an atomic location in the handler region (or not)
// of location near.
func (c *CFA) atomicBeside(near int, pos Pos) int {
	mid := c.NewLoc(true, pos)
	c.Locs[mid].Handler = c.Locs[near].Handler
	return mid
}

func ghostStep(ghost *Var, delta int64, from, to int, pos Pos) *Edge {
	return &Edge{Kind: Assign, From: from, To: to, LHS: ghost, RHS: Binary{Op: Add, X: Ref{V: ghost}, Y: Const{Val: delta}}, Pos: pos,
		Note: "circ's count of the threads holding a unit of a counter"}
}
