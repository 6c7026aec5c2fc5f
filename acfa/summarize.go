package acfa

import "slices"

// Summarize returns g with its transient chains (Loc.Transient) folded
// into single edges and, when atomic is set (the circ race definition),
// its atomic sections too, for use as a context; idx maps each location
// of g to its location in s (-1 for folded ones).
//
// A thread at a transient location runs on before anyone else moves and
// only through local steps, so other threads see the chain only as the
// move that entered it, now ending where the chain ends.
//
// While a thread is at an atomic location nobody else moves and, under
// the circ definition, nothing races, so other threads observe an atomic
// section only through its effect: from the location before it to the
// location after it (and after the transient chain that may follow),
// havocking every global it may write. Each such path becomes one edge,
// marked Atomic so that its writes are not taken for racing ones. Its
// guard is that of the edge entering the section and its post that of
// the edge leaving it; an atomic ARG node is a single thread state (no
// context move merges it with another), so the pair keeps the branch the
// section takes (a test-and-set that fails leaves from other states than
// one that succeeds). It waits for no handler when every path through
// the section does. Paths that never leave the section stop every
// thread for good and so add no behaviour.
//
// ok is false, and s is g, when the sections cannot be folded this way:
// the entry is atomic, a thread exits inside a section, an atomic section
// creates or joins threads, or the edge entering one writes a global.
func Summarize(g *ACFA, atomic bool) (s *ACFA, idx []int, ok bool) {
	identity := func() []int {
		idx := make([]int, len(g.Locs))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	inside := func(l int) bool { return g.Locs[l].Transient || (atomic && g.Locs[l].Atomic) }
	if g.IsEmpty() || !foldable(g, inside) {
		return g, identity(), false
	}
	s = &ACFA{Template: g.Template}
	idx = make([]int, len(g.Locs))
	for i, l := range g.Locs {
		idx[i] = -1
		if !inside(i) {
			idx[i] = s.AddLoc(l)
		}
	}
	s.Entry = idx[g.Entry]
	for _, e := range g.Edges {
		switch {
		case !inside(e.From) && !inside(e.To):
			s.AddEdge(idx[e.From], idx[e.To], e.Action.Clone())
		case !inside(e.From):
			for _, sum := range g.sections(e, inside) {
				s.AddEdge(idx[e.From], idx[sum.to], sum.act)
			}
		}
	}
	return s, idx, true
}

// foldable checks Summarize's preconditions.
func foldable(g *ACFA, inside func(int) bool) bool {
	if inside(g.Entry) {
		return false
	}
	for l, loc := range g.Locs {
		if inside(l) && loc.Final {
			return false
		}
	}
	for _, e := range g.Edges {
		atomic := (inside(e.From) && g.Locs[e.From].Atomic) || (inside(e.To) && g.Locs[e.To].Atomic)
		if atomic && len(e.Creates)+len(e.Joins) > 0 {
			return false
		}
		if !inside(e.From) && inside(e.To) && g.Locs[e.To].Atomic && len(e.Havoc) > 0 {
			return false
		}
	}
	return true
}

type section struct {
	to  int // the location after the section
	act Action
}

// sections lists the ways through the section that edge enter leads
// into (the locations reachable inside, isInside): one summary per edge
// leaving it, havocking what the edges on some path from enter to that
// exit write. An atomic section's summary is marked Atomic; a transient
// chain's is enter's action, with the post of the exit.
func (g *ACFA) sections(enter Edge, isInside func(int) bool) []section {
	// inside: the section's locations reachable from enter.To.
	inside := map[int]bool{enter.To: true}
	work := []int{enter.To}
	var exits []Edge
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, i := range g.Out[l] {
			e := g.Edges[i]
			if !isInside(e.To) {
				exits = append(exits, e)
			} else if !inside[e.To] {
				inside[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	// in[l]: the edges between inside locations that end at l.
	in := map[int][]Edge{}
	for l := range inside {
		for _, i := range g.Out[l] {
			if e := g.Edges[i]; inside[e.To] {
				in[e.To] = append(in[e.To], e)
			}
		}
	}
	var out []section
	for _, x := range exits {
		// Every edge that reaches x.From inside the section is on a
		// path from enter to x.
		havoc := slices.Clone(x.Havoc)
		seen := map[int]bool{x.From: true}
		back := []int{x.From}
		for len(back) > 0 {
			l := back[len(back)-1]
			back = back[:len(back)-1]
			for _, e := range in[l] {
				havoc = unionStrings(havoc, e.Havoc)
				if !seen[e.From] {
					seen[e.From] = true
					back = append(back, e.From)
				}
			}
		}
		if !g.Locs[enter.To].Atomic {
			act := enter.Action.Clone()
			act.Havoc = unionStrings(act.Havoc, havoc)
			act.Post = x.Post
			out = append(out, section{x.To, act})
			continue
		}
		await := enter.AwaitsNoHandler || x.AwaitsNoHandler || !reachableWithout(g, enter.To, x.From, inside)
		out = append(out, section{x.To, Action{Havoc: havoc, Guard: enter.Guard, Post: x.Post, Atomic: len(havoc) > 0,
			AwaitsNoHandler: await}})
	}
	return out
}

// reachableWithout reports whether to is reachable from from through the
// locations of inside by moves that do not await handlers. When it is
// not, every path of the section waits for no handler, and since nothing
// else moves during a section, the summary waits before it starts.
func reachableWithout(g *ACFA, from, to int, inside map[int]bool) bool {
	seen := map[int]bool{from: true}
	work := []int{from}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if l == to {
			return true
		}
		for _, i := range g.Out[l] {
			if e := g.Edges[i]; inside[e.To] && !e.AwaitsNoHandler && !seen[e.To] {
				seen[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	return false
}
