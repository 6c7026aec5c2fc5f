package cfa

// Live returns which of vars, distinct locals of c, are live at each
// location of c: read on some path from the location before being
// written. live.Has(l, i) is the answer for vars[i] at location l. A
// dead local's value cannot influence the thread, so the abstract
// engine need not tell its values apart: inlined callees leave their
// locals behind after returning, and keeping the predicates over those
// stale values would multiply the abstract states. Only the locals asked
// about are computed: a real program's main, with everything inlined,
// has hundreds of thousands of locations and thousands of locals. c's
// out-edge lists must be set (Program.Finish).
func (c *CFA) Live(vars []*Var) Liveness {
	return liveOver(c.Edges, c.Out, 0, len(c.Locs), vars, nil)
}

// LiveIn is Live for a region of c that is still being built: the n
// locations from first on, and edges, every edge between them. An edge
// that leaves the region leads to a location where nothing is live.
// Out-edge lists need not be set: the front end asks it of a
// function's inlined code before the program is finished.
// At the locations open (code still to be added there, which may read
// any of vars), every var is live.
func LiveIn(edges []*Edge, first, n int, vars []*Var, open []int) Liveness {
	out := make([][]*Edge, n)
	for _, e := range edges {
		if e.From >= first && e.From < first+n {
			out[e.From-first] = append(out[e.From-first], e)
		}
	}
	return liveOver(edges, out, first, n, vars, open)
}

// liveOver computes Live over the locations first..first+n-1, whose
// out-edges out lists (indexed from first), with edges all of them.
func liveOver(edges []*Edge, out [][]*Edge, first, n int, vars []*Var, open []int) Liveness {
	index := map[*Var]int{}
	for i, v := range vars {
		index[v] = i
	}
	w := (len(vars) + 63) / 64
	live := Liveness{words: w, first: first, bits: make([]uint64, n*w)}
	if w == 0 {
		return live
	}
	in := func(l int) bool { return l >= first && l < first+n }
	// gen and kill per edge, as bit sets over vars.
	type effect struct {
		uses []uint64
		def  int // index of the local written, or -1
	}
	effects := map[*Edge]effect{}
	for _, e := range edges {
		eff := effect{def: -1}
		used := map[*Var]bool{}
		e.ReadVars(used)
		for v := range used {
			if i, ok := index[v]; ok {
				if eff.uses == nil {
					eff.uses = make([]uint64, w)
				}
				eff.uses[i/64] |= 1 << (i % 64)
			}
		}
		switch e.Kind {
		case Assign, Havoc, Create, TryLock:
			if i, ok := index[e.LHS]; ok {
				eff.def = i
			}
		}
		if eff.uses != nil || eff.def >= 0 {
			effects[e] = eff
		}
	}
	pred := make([][]*Edge, n)
	for _, e := range edges {
		if in(e.From) && in(e.To) {
			pred[e.To-first] = append(pred[e.To-first], e)
		}
	}
	// Backward may-analysis on a worklist: live(l) is the union over
	// l's out-edges e of uses(e) and live(e.To) minus def(e).
	work := make([]int, n)
	queued := make([]bool, n)
	for l := range work {
		work[l], queued[l] = l, true
	}
	isOpen := make([]bool, n)
	for _, l := range open {
		if in(l) {
			isOpen[l-first] = true
		}
	}
	next := make([]uint64, w)
	none := make([]uint64, w)
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		queued[l] = false
		clear(next)
		for _, e := range out[l] {
			eff, ok := effects[e]
			if !ok {
				eff.def = -1
			}
			to := none
			if in(e.To) {
				to = live.bits[(e.To-first)*w : (e.To-first)*w+w]
			}
			for k := range next {
				x := to[k]
				if eff.def >= 0 && eff.def/64 == k {
					x &^= 1 << (eff.def % 64)
				}
				if eff.uses != nil {
					x |= eff.uses[k]
				}
				next[k] |= x
			}
		}
		if isOpen[l] {
			for k := range next {
				next[k] = ^uint64(0)
			}
		}
		cur := live.bits[l*w : l*w+w]
		grew := false
		for k := range cur {
			if next[k]&^cur[k] != 0 {
				cur[k] |= next[k]
				grew = true
			}
		}
		if !grew {
			continue
		}
		for _, e := range pred[l] {
			if f := e.From - first; !queued[f] {
				queued[f] = true
				work = append(work, f)
			}
		}
	}
	return live
}

// Liveness is the result of Live.
type Liveness struct {
	words int
	first int // the first location computed (LiveIn)
	bits  []uint64
}

// Has reports whether the i-th local asked about is live at location l.
func (v Liveness) Has(l, i int) bool {
	l -= v.first
	return v.bits[l*v.words+i/64]&(1<<(i%64)) != 0
}
