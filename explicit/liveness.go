package explicit

import (
	"context"

	"circ/cfa"
)

// liveBatch is how many locals one liveness pass of deadHavocs asks
// about: a bit each per location, so that a real program's main (a
// million locations, tens of thousands of locals) is asked in slices.
const liveBatch = 512

// deadHavocs returns the havoc edges of p whose target is a local that is
// dead after the edge: every path overwrites it before reading it (as for
// the havoc the front end emits for an uninitialized declaration). The
// value such a havoc chooses is unobservable, so enumerating one value
// covers all of them. Only the havocked locals are asked about, in
// batches of liveBatch; once ctx is done, the batches not yet asked
// about are left out, which keeps every edge returned dead.
func deadHavocs(ctx context.Context, p *cfa.Program) map[*cfa.Edge]bool {
	dead := map[*cfa.Edge]bool{}
	for _, c := range p.Templates {
		var vars []*cfa.Var
		seen := map[*cfa.Var]bool{}
		for _, e := range c.Edges {
			if e.Kind == cfa.Havoc && e.LHS != nil && !e.LHS.Global && !seen[e.LHS] {
				seen[e.LHS] = true
				vars = append(vars, e.LHS)
			}
		}
		for len(vars) > 0 && ctx.Err() == nil {
			batch := vars[:min(len(vars), liveBatch)]
			vars = vars[len(batch):]
			index := make(map[*cfa.Var]int, len(batch))
			for i, v := range batch {
				index[v] = i
			}
			live := c.Live(batch)
			for _, e := range c.Edges {
				if i, ok := index[e.LHS]; ok && e.Kind == cfa.Havoc && !live.Has(e.To, i) {
					dead[e] = true
				}
			}
		}
	}
	return dead
}
