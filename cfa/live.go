package cfa

// LiveLocals returns, for each location of c, which of c's locals are live
// there: read on some path from the location before being written.
// live[l][v.Index] is the answer for local v (indexes are set by
// Program.Finish). A dead local's value cannot influence the thread, so
// the abstract engine need not tell its values apart: inlined callees
// leave their locals behind after returning, and keeping the predicates
// over those stale values would multiply the abstract states.
func (c *CFA) LiveLocals() [][]bool {
	isLocal := map[*Var]bool{}
	for _, v := range c.Locals {
		isLocal[v] = true
	}
	type effect struct {
		uses []*Var
		def  *Var
	}
	effects := make([]effect, len(c.Edges))
	for i, e := range c.Edges {
		used := map[*Var]bool{}
		for _, x := range []Expr{e.RHS, e.Cond, e.Lo, e.Hi, e.Arg, e.Handle} {
			if x != nil {
				Vars(x, used)
			}
		}
		for v := range used {
			if isLocal[v] {
				effects[i].uses = append(effects[i].uses, v)
			}
		}
		switch e.Kind {
		case Assign, Havoc, Create, TryLock:
			if isLocal[e.LHS] {
				effects[i].def = e.LHS
			}
		}
	}
	live := make([][]bool, len(c.Locs))
	for l := range live {
		live[l] = make([]bool, len(c.Locals))
	}
	// Backward may-analysis to a fixpoint: live(l) is the union over l's
	// out-edges e of uses(e) and live(e.To) minus def(e).
	for changed := true; changed; {
		changed = false
		for i := len(c.Edges) - 1; i >= 0; i-- {
			e, eff := c.Edges[i], effects[i]
			set := func(v *Var) {
				if !live[e.From][v.Index] {
					live[e.From][v.Index], changed = true, true
				}
			}
			for _, v := range eff.uses {
				set(v)
			}
			for _, v := range c.Locals {
				if live[e.To][v.Index] && v != eff.def {
					set(v)
				}
			}
		}
	}
	return live
}
