package explicit

import "circ/cfa"

// deadHavocs returns the havoc edges of p whose target is a local that is
// dead after the edge: every path overwrites it before reading it (as for
// the havoc the front end emits for an uninitialized declaration). The
// value such a havoc chooses is unobservable, so enumerating one value
// covers all of them.
func deadHavocs(p *cfa.Program) map[*cfa.Edge]bool {
	dead := map[*cfa.Edge]bool{}
	for _, c := range p.Templates {
		live := liveLocals(c)
		for _, e := range c.Edges {
			if e.Kind == cfa.Havoc && e.LHS != nil && !e.LHS.Global && !live[e.To][e.LHS] {
				dead[e] = true
			}
		}
	}
	return dead
}

// liveLocals computes, per location of c, the locals that may be read
// before being written on some path from it (backward may-liveness).
func liveLocals(c *cfa.CFA) []map[*cfa.Var]bool {
	live := make([]map[*cfa.Var]bool, len(c.Locs))
	for i := range live {
		live[i] = map[*cfa.Var]bool{}
	}
	uses := make(map[*cfa.Edge]map[*cfa.Var]bool, len(c.Edges))
	for _, e := range c.Edges {
		u := map[*cfa.Var]bool{}
		e.ReadVars(u)
		for v := range u {
			if v.Global {
				delete(u, v)
			}
		}
		uses[e] = u
	}
	for changed := true; changed; {
		changed = false
		for _, e := range c.Edges {
			in := live[e.From]
			add := func(v *cfa.Var) {
				if !in[v] {
					in[v] = true
					changed = true
				}
			}
			for v := range uses[e] {
				add(v)
			}
			def := defined(e)
			for v := range live[e.To] {
				if v != def {
					add(v)
				}
			}
		}
	}
	return live
}

// defined is the local e overwrites unconditionally, or nil.
func defined(e *cfa.Edge) *cfa.Var {
	switch e.Kind {
	case cfa.Assign, cfa.Havoc, cfa.Create, cfa.TryLock:
		if e.LHS != nil && !e.LHS.Global {
			return e.LHS
		}
	}
	return nil
}
