package predabs

import (
	"circ/acfa"
	"circ/cfa"
)

// Region counts (cfa.RegionCount): a ghost counter holds at least the
// number of threads in its region, so an abstract state whose minterm
// forces it below the threads the state surely has there is no state of
// any run. Those are the main thread if its location is in the region,
// and the context threads at locations all of whose thread states are in
// it (acfa.Loc.Regions), by their counts; omega stands for any number,
// none surely. This is what relates a counter such as threads_alive to
// the threads that hold a unit of it: with the predicate
// threads_alive == ghost, main's read of threads_alive == 0 leaves no
// worker before its decrement.

// regionKey caches admits: a minterm, a region count and a bound.
type regionKey struct {
	m, care uint64
	region  int
	lb      int
}

// admits reports whether st is consistent with every region count: its
// minterm lets each ghost be at least the threads st surely has in the
// region. (xj, xq) is a context location where st has one more thread
// than its count says surely (the racing thread, at an omega count), or
// (-1, -1). A solver failure admits the state (pruning less is sound).
func (a *analysis) admits(st *State, xj, xq int) bool {
	for r, rc := range a.Prog.RegionCounts {
		if a.regionPreds[r] == 0 {
			continue // nothing bounds the ghost from above
		}
		lb := a.surely(st, rc.Bit, xj, xq)
		care := a.care(st.PC)
		m := st.M & care
		k := regionKey{m, care, r, lb}
		ok, seen := a.regionCache[k]
		if !seen {
			sv := a.Solver
			var err error
			ok, err = sv.Check(a.minterm(m, care, 1), sv.Const(env(1)(rc.Var)).GE(sv.Num(int64(lb))))
			ok = ok || err != nil
			a.regionCache[k] = ok
		}
		if !ok {
			return false
		}
	}
	return true
}

// surely counts the threads st surely has in the region of bit.
func (a *analysis) surely(st *State, bit uint, xj, xq int) int {
	n := 0
	if st.Phase == Running && a.tmpl.Locs[st.PC].Regions&(1<<bit) != 0 {
		n++
	}
	for j, A := range a.ACFAs {
		for q, c := range st.Gamma[j] {
			if A.Locs[q].Regions&(1<<bit) == 0 {
				continue
			}
			switch {
			case c != acfa.Omega:
				n += int(c)
			case j == xj && q == xq:
				n++
			}
		}
	}
	return n
}

// regionPredMasks is, for each region count of p, the set of predicates
// that mention its ghost.
func regionPredMasks(p *cfa.Program, predVars [][]*cfa.Var) []uint64 {
	out := make([]uint64, len(p.RegionCounts))
	for r, rc := range p.RegionCounts {
		for i, vs := range predVars {
			for _, v := range vs {
				if v == rc.Var {
					out[r] |= 1 << i
				}
			}
		}
	}
	return out
}
