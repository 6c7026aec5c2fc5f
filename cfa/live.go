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
	index := map[*Var]int{}
	for i, v := range vars {
		index[v] = i
	}
	w := (len(vars) + 63) / 64
	live := Liveness{words: w, bits: make([]uint64, len(c.Locs)*w)}
	if w == 0 {
		return live
	}
	// gen and kill per edge, as bit sets over vars.
	type effect struct {
		uses []uint64
		def  int // index of the local written, or -1
	}
	effects := map[*Edge]effect{}
	for _, e := range c.Edges {
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
	in := make([][]*Edge, len(c.Locs))
	for _, e := range c.Edges {
		in[e.To] = append(in[e.To], e)
	}
	// Backward may-analysis on a worklist: live(l) is the union over
	// l's out-edges e of uses(e) and live(e.To) minus def(e).
	work := make([]int, len(c.Locs))
	queued := make([]bool, len(c.Locs))
	for l := range work {
		work[l], queued[l] = l, true
	}
	next := make([]uint64, w)
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		queued[l] = false
		clear(next)
		for _, e := range c.Out[l] {
			eff, ok := effects[e]
			if !ok {
				eff.def = -1
			}
			to := live.bits[e.To*w : e.To*w+w]
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
		for _, e := range in[l] {
			if !queued[e.From] {
				queued[e.From] = true
				work = append(work, e.From)
			}
		}
	}
	return live
}

// Liveness is the result of Live.
type Liveness struct {
	words int
	bits  []uint64
}

// Has reports whether the i-th local asked about is live at location l.
func (v Liveness) Has(l, i int) bool {
	return v.bits[l*v.words+i/64]&(1<<(i%64)) != 0
}
