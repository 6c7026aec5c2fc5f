package ranges

import "circ/cfa"

// assignedBatch is how many locals one pass of assignedBeforeRead
// tracks (a bit each per location).
const assignedBatch = 512

// assignedBeforeRead returns the locals of c that every path assigns
// before any read: they never show the value a thread's locals start
// with, so it need not be joined into their values. A pointer parameter
// of an inlined call is the common case: it starts at 0, but only the
// address the call passes is ever read. Only the locals that a test
// guarding an undefined-behaviour site reads, and those whose values
// flow into them, are asked about, as only their values decide a site,
// in batches of assignedBatch. The answer
// is a forward must-analysis: a local is assigned at a location when it
// is assigned on every path from the entry.
func assignedBeforeRead(c *cfa.CFA) map[*cfa.Var]bool {
	local := map[*cfa.Var]bool{}
	for _, v := range c.Locals {
		local[v] = v != c.Param && v != c.Self // set as the thread starts
	}
	guarded := make([]bool, len(c.Locs))
	for _, e := range c.Edges {
		if e.Undefined {
			guarded[e.From] = true
		}
	}
	// The locals the guards read, and those whose values flow into
	// them (an inlined call's parameter passed on to the next call).
	seen := map[*cfa.Var]bool{}
	var vars []*cfa.Var
	add := func(x cfa.Expr) {
		vs := map[*cfa.Var]bool{}
		cfa.Vars(x, vs)
		for v := range vs {
			if !seen[v] && local[v] {
				seen[v] = true
				vars = append(vars, v)
			}
		}
	}
	stores := map[*cfa.Var][]cfa.Expr{}
	for _, e := range c.Edges {
		switch {
		case e.Kind == cfa.Assume && guarded[e.To]:
			add(e.Cond)
		case e.Kind == cfa.Assign && local[e.LHS]:
			stores[e.LHS] = append(stores[e.LHS], e.RHS)
		}
	}
	for i := 0; i < len(vars); i++ {
		for _, x := range stores[vars[i]] {
			add(x)
		}
	}
	out := map[*cfa.Var]bool{}
	for len(vars) > 0 {
		n := min(len(vars), assignedBatch)
		assignedIn(c, vars[:n], out)
		vars = vars[n:]
	}
	return out
}

// assignedIn adds to out those of vars that every path assigns before
// any read.
func assignedIn(c *cfa.CFA, vars []*cfa.Var, out map[*cfa.Var]bool) {
	index := map[*cfa.Var]int{}
	for i, v := range vars {
		index[v] = i
	}
	w := (len(vars) + 63) / 64
	// assigned[l*w:(l+1)*w]: the tracked locals assigned on every path
	// to l; all set until l is reached (the greatest fixpoint).
	assigned := make([]uint64, len(c.Locs)*w)
	for i := range assigned {
		assigned[i] = ^uint64(0)
	}
	reached := make([]bool, len(c.Locs))
	clear(assigned[c.Entry*w : c.Entry*w+w])
	work := []int{c.Entry}
	queued := make([]bool, len(c.Locs))
	queued[c.Entry], reached[c.Entry] = true, true
	next := make([]uint64, w)
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		queued[l] = false
		for _, e := range c.Out[l] {
			copy(next, assigned[l*w:l*w+w])
			if i, ok := index[written(e)]; ok {
				next[i/64] |= 1 << (i % 64)
			}
			to := assigned[e.To*w : e.To*w+w]
			changed := !reached[e.To]
			reached[e.To] = true
			for k := range to {
				if x := to[k] & next[k]; x != to[k] {
					to[k], changed = x, true
				}
			}
			if changed && !queued[e.To] {
				queued[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	ok := make([]bool, len(vars))
	for i := range ok {
		ok[i] = true
	}
	for _, e := range c.Edges {
		if !reached[e.From] {
			continue
		}
		vs := map[*cfa.Var]bool{}
		e.ReadVars(vs)
		for v := range vs {
			if i, tracked := index[v]; tracked && assigned[e.From*w+i/64]&(1<<(i%64)) == 0 {
				ok[i] = false
			}
		}
	}
	for i, v := range vars {
		if ok[i] {
			out[v] = true
		}
	}
}

// written is the local an edge assigns, if any.
func written(e *cfa.Edge) *cfa.Var {
	switch e.Kind {
	case cfa.Assign, cfa.Havoc, cfa.Create, cfa.TryLock:
		return e.LHS
	}
	return nil
}
