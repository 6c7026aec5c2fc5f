package cfront

import "circ/cfa"

// simplify contracts Skip edges that are the only way out of a location
// (when both ends have the same atomicity: thread-local no-ops such as
// gotos and joins of branches), then removes the locations and edges that
// are unreachable from the entry and renumbers the rest.
func simplify(c *cfa.CFA) {
	n := len(c.Locs)
	out := make([][]*cfa.Edge, n)
	for _, e := range c.Edges {
		out[e.From] = append(out[e.From], e)
	}
	fwd := make([]int, n)
	for l := range fwd {
		fwd[l] = -1
		if len(out[l]) == 1 {
			e := out[l][0]
			if e.Kind == cfa.Skip && e.To != l && c.Locs[e.To].Atomic == c.Locs[l].Atomic && !e.Approx && e.Note == "" {
				fwd[l] = e.To
			}
		}
	}
	// Resolve forwarding chains; a cycle of forwarded locations keeps its
	// last edge (an infinite loop of no-ops).
	final := make([]int, n)
	state := make([]uint8, n) // 0 new, 1 in progress, 2 done
	var resolve func(l int) int
	resolve = func(l int) int {
		for {
			// Iterative walk to avoid deep recursion on long chains.
			var path []int
			x := l
			for state[x] == 0 && fwd[x] >= 0 {
				state[x] = 1
				path = append(path, x)
				x = fwd[x]
			}
			var target int
			switch {
			case state[x] == 2:
				target = final[x]
			case state[x] == 1:
				// Cycle closes at x: x keeps its edge.
				fwd[x] = -1
				final[x] = x
				state[x] = 2
				target = x
			default: // not forwarded
				final[x] = x
				state[x] = 2
				target = x
			}
			for _, y := range path {
				if state[y] != 2 {
					final[y] = target
					state[y] = 2
				}
			}
			return final[l]
		}
	}
	for l := 0; l < n; l++ {
		resolve(l)
	}
	var edges []*cfa.Edge
	for _, e := range c.Edges {
		if fwd[e.From] >= 0 {
			continue
		}
		e.To = final[e.To]
		edges = append(edges, e)
	}
	entry := final[c.Entry]

	// Reachability from the entry.
	out = make([][]*cfa.Edge, n)
	for _, e := range edges {
		out[e.From] = append(out[e.From], e)
	}
	seen := make([]bool, n)
	stack := []int{entry}
	seen[entry] = true
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range out[l] {
			if !seen[e.To] {
				seen[e.To] = true
				stack = append(stack, e.To)
			}
		}
	}
	id := make([]int, n)
	var locs []*cfa.Location
	for l, loc := range c.Locs {
		if !seen[l] {
			id[l] = -1
			continue
		}
		id[l] = len(locs)
		loc.ID = len(locs)
		locs = append(locs, loc)
	}
	var kept []*cfa.Edge
	for _, e := range edges {
		if !seen[e.From] {
			continue
		}
		e.From, e.To = id[e.From], id[e.To]
		kept = append(kept, e)
	}
	c.Locs = locs
	c.Edges = kept
	c.Entry = id[entry]
	done := map[*cfa.SyncCall]bool{}
	for _, e := range kept {
		if s := e.Sync; s != nil && !done[s] {
			done[s] = true
			s.Entry = id[final[s.Entry]]
		}
	}
}
