package cfa

import (
	"fmt"
	"math"
	"slices"
)

// SplitByOwnership returns a copy of p in which each thread template
// that many threads run and that takes an argument is split in two by
// whether its argument designates the tracked instance of x's summary
// object (Memory): the owner's template, named f(owns x), whose threads
// got the tracked element's index (worker((void *)i) with i the tracked
// element) or a pointer into the tracked instance (worker(&data[i]),
// worker(malloc(...)) in a loop); and f itself, whose threads got any
// other argument. Each create site of f chooses between them by its
// argument's value. ok is false when no template qualifies.
//
// The copy runs exactly p's runs: the instance is a constant chosen
// before any thread starts, so a thread's argument designates it at its
// start if and only if it did at its creation; the choice is a case
// split, and each template guards its entry with its own case, which
// holds there. A proof on the copy is therefore a proof on p. What the
// copy adds is what the abstract engine cannot say of a context thread,
// whose locals it abstracts away: which thread owns the tracked
// element. A creation loop that passes each thread another index or
// block starts the owner's template once (its counter meets the
// instance once), so two threads of it never run at once, and threads
// of f never reach the tracked element: "each thread writes its own
// slot", for any number of threads.
//
// An argument is an index when it reads only integer variables (an
// int cast to void *), and a pointer otherwise; a template whose sites
// mix the two, or that is created by code it may create itself, is
// left alone. The copy shares p's variables, memory and seeds; its new
// templates come after p's, so p's template numbers stay valid.
func (p *Program) SplitByOwnership(x *Var) (np *Program, ok bool) {
	obj := p.Memory.summaryOf(x)
	if obj == nil {
		return nil, false
	}
	// owns(a): a designates the tracked instance, by index or address.
	first := Binary{Op: Add, X: Const{Val: obj.Base}, Y: Binary{Op: Mul, X: Ref{V: obj.Instance}, Y: Const{Val: obj.InstanceStride()}}}
	owns := func(a Expr, k argKind) Expr {
		if k.Index {
			return Binary{Op: Eq, X: a, Y: Ref{V: obj.Instance}}
		}
		end := Binary{Op: Add, X: first, Y: Const{Val: int64(len(obj.Cells))}}
		return Binary{Op: And, X: Binary{Op: Le, X: first, Y: a}, Y: Binary{Op: Lt, X: a, Y: end}}
	}
	creates := p.createGraph()
	kinds := map[*CFA]argKind{}
	for _, t := range p.Templates[1:] {
		if k, fits := ownershipKind(p, t, creates); fits && t.Accesses(x) {
			kinds[t] = k
		}
	}
	if len(kinds) == 0 {
		return nil, false
	}
	np = &Program{}
	*np = *p
	np.Templates = nil
	copies := map[*CFA]*CFA{}
	for _, c := range p.Templates {
		nc := *c
		nc.Locs = append([]*Location(nil), c.Locs...)
		nc.Edges = make([]*Edge, 0, len(c.Edges))
		for _, e := range c.Edges {
			ne := *e
			nc.Edges = append(nc.Edges, &ne)
		}
		copies[c] = &nc
		np.Templates = append(np.Templates, &nc)
	}
	owners := map[*CFA]*CFA{}
	for _, c := range p.Templates {
		k, split := kinds[c]
		if !split {
			continue
		}
		o := c.cloneAs(fmt.Sprintf("%s(owns %s)", c.Name, x.SourceName()))
		o.Shadows, o.Shadow = c.Shadows, c.Shadow
		// An index argument is also within the values its sites pass,
		// which the thread's conversions of it ((int)arg) need.
		mine, others := owns(Ref{V: o.Param}, k), Expr(Unary{Op: Not, X: owns(Ref{V: c.Param}, k)})
		if k.Index {
			mine = Binary{Op: And, X: mine, Y: k.inRange(Ref{V: o.Param})}
			others = Binary{Op: And, X: others, Y: k.inRange(Ref{V: c.Param})}
		}
		o.guardEntry(mine)
		copies[c].guardEntry(others)
		owners[c] = o
		np.Templates = append(np.Templates, o)
	}
	for _, o := range owners {
		copies[o] = o
	}
	for _, nc := range np.Templates {
		if nc.Shadows != nil {
			nc.Shadows = copies[nc.Shadows]
		}
		if nc.Shadow != nil {
			nc.Shadow = copies[nc.Shadow]
		}
		edges := nc.Edges
		nc.Edges = nil
		for _, e := range edges {
			t := e.Template
			if e.Kind != Create {
				nc.Edges = append(nc.Edges, e)
				continue
			}
			o, split := owners[t]
			if !split {
				e.Template = copies[t]
				nc.Edges = append(nc.Edges, e)
				continue
			}
			// create t(a) becomes: owns(a) ? create owner(a) : create t(a).
			toOwner, toOther := *e, *e
			toOwner.Template, toOther.Template = o, copies[t]
			for _, alt := range []struct {
				cond   Expr
				create *Edge
			}{{owns(e.Arg, kinds[t]), &toOwner}, {Unary{Op: Not, X: owns(e.Arg, kinds[t])}, &toOther}} {
				// The test and the creation are one step: the
				// argument may read memory another thread writes.
				mid := nc.NewLoc(true, e.Pos)
				nc.Locs[mid].Handler = nc.Locs[e.From].Handler
				nc.Edges = append(nc.Edges, &Edge{From: e.From, To: mid, Kind: Assume, Cond: alt.cond, Pos: e.Pos})
				alt.create.From = mid
				nc.Edges = append(nc.Edges, alt.create)
			}
		}
	}
	np.FinishDerived()
	split := map[*CFA]argKind{}
	for t, o := range owners {
		split[copies[t]], split[o] = kinds[t], kinds[t]
	}
	np.Seeds = append(append([]Seed(nil), p.Seeds...), ownershipSeeds(np, obj, owns, split)...)
	return np, true
}

// ownershipSeeds are the predicates a proof on the split program needs
// and refinement finds slowly, if at all (its traces through a context
// thread's allocation take whichever branch the context's abstraction
// leaves open): whether each split template's argument, and each local
// a step computes from it alone, designates the tracked instance; the
// same of each create site's argument; and, for an element summary,
// whether each variable that holds the block's start does (the pointer
// the threads index, and its null test).
func ownershipSeeds(np *Program, obj *Object, owns func(Expr, argKind) Expr, kinds map[*CFA]argKind) []Seed {
	var out []Seed
	seen := map[string]bool{}
	add := func(c *CFA, e Expr) {
		for _, a := range conjuncts(e) {
			sd := Seed{E: a, Template: -1}
			vs := map[*Var]bool{}
			Vars(a, vs)
			for v := range vs {
				if !v.Global {
					sd.Template = c.Index
				}
			}
			if key := fmt.Sprint(sd.Template, " ", a); !seen[key] {
				seen[key] = true
				out = append(out, sd)
			}
		}
	}
	for _, c := range np.Templates {
		k, split := kinds[c]
		if !split {
			continue
		}
		add(c, owns(Ref{V: c.Param}, k))
		if r := k.inRange(Ref{V: c.Param}); k.Index && r != (Const{Val: 1}) {
			add(c, r)
		}
		for _, e := range c.Edges {
			if e.Kind == Assign && !e.LHS.Global && readsOnly(e.RHS, c.Param) {
				add(c, owns(Ref{V: e.LHS}, k))
			}
		}
	}
	holders := map[*Var]bool{}
	for changed := true; changed; {
		changed = false
		for _, c := range np.Templates {
			for _, e := range c.Edges {
				if e.Kind != Assign || holders[e.LHS] {
					continue
				}
				r, isRef := e.RHS.(Ref)
				if e.RHS == (Const{Val: obj.Base}) && obj.Elements() || isRef && holders[r.V] {
					holders[e.LHS], changed = true, true
				}
			}
		}
	}
	for _, c := range np.Templates {
		for _, e := range c.Edges {
			switch {
			case e.Kind == Create:
				if k, split := kinds[e.Template]; split {
					add(c, owns(e.Arg, k))
					if k.Index {
						// Whether the loop has passed the instance:
						// it then starts no more owners.
						add(c, Binary{Op: Le, X: e.Arg, Y: Ref{V: obj.Instance}})
					}
				}
			case e.Kind == Assign && holders[e.LHS]:
				add(c, Binary{Op: Eq, X: Ref{V: e.LHS}, Y: Const{Val: obj.Base}})
				add(c, Binary{Op: Eq, X: Ref{V: e.LHS}, Y: Const{Val: 0}})
			}
		}
	}
	return out
}

// Accesses reports whether an edge of c reads or writes x.
func (c *CFA) Accesses(x *Var) bool {
	for _, e := range c.Edges {
		if slices.Contains(e.Reads, x) || slices.Contains(e.Writes, x) {
			return true
		}
	}
	return false
}

// guardEntry makes c's threads start by assuming cond.
func (c *CFA) guardEntry(cond Expr) {
	old := c.Entry
	c.Entry = c.NewLoc(c.Locs[old].Atomic, c.Locs[old].Pos)
	c.AddEdge(&Edge{From: c.Entry, To: old, Kind: Assume, Cond: cond, Pos: c.Locs[old].Pos})
}

// argKind is how a split template's create sites designate an
// instance: by index (Index; every argument an integer expression, of
// values in [Lo, Hi], or from Lo up when !HasMax) or by address.
type argKind struct {
	Index, HasMax bool
	Lo, Hi        int64
}

// inRange is the condition that a, an index argument, is within k's
// values: what the create sites passed.
func (k argKind) inRange(a Expr) Expr {
	if k.Lo == math.MinInt64 && !k.HasMax {
		return Const{Val: 1} // no bound known
	}
	lo := Expr(Binary{Op: Le, X: Const{Val: k.Lo}, Y: a})
	if !k.HasMax {
		return lo
	}
	return Binary{Op: And, X: lo, Y: Binary{Op: Le, X: a, Y: Const{Val: k.Hi}}}
}

// ownershipKind says whether SplitByOwnership splits t (fits), and how
// its sites designate an instance: t runs in many threads, takes its
// argument, and every site creating it passes an argument, all of one
// kind, from code that t does not create.
func ownershipKind(p *Program, t *CFA, creates map[*CFA][]*CFA) (k argKind, fits bool) {
	if t.Param == nil || !t.Mult.Unbounded || t.Interrupt {
		return k, false
	}
	sites := 0
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind != Create || e.Template != t {
				continue
			}
			if _, isConst := e.Arg.(Const); isConst || e.Arg == nil || c != p.Main() && mayCreate(creates, t, c) {
				// A constant (null) is every thread's: none owns by it.
				return k, false
			}
			lo, hi, hasMax, isIndex := indexRange(e.Arg)
			switch {
			case sites == 0:
				k = argKind{Index: isIndex, HasMax: hasMax, Lo: lo, Hi: hi}
			case isIndex != k.Index:
				return k, false
			case isIndex:
				k.Lo, k.Hi, k.HasMax = min(k.Lo, lo), max(k.Hi, hi), k.HasMax && hasMax
			}
			sites++
		}
	}
	return k, sites > 0
}

// indexRange says whether a thread argument is an index (an integer
// expression cast to void *) and gives its values' range: its variable's
// type, or the type it converts to.
func indexRange(a Expr) (lo, hi int64, hasMax, index bool) {
	switch a := a.(type) {
	case Ref:
		if a.V.Int.Valid() {
			lo, hi, hasMax = a.V.Int.Bounds()
			return lo, hi, hasMax, true
		}
	case Unary:
		if t, isConv := a.Op.IntType(); isConv {
			lo, hi, hasMax = t.Bounds()
			return lo, hi, hasMax, true
		}
	}
	return math.MinInt64, 0, false, readsIntegersOnly(a)
}

// summaryOf returns the summary object one of whose cells is x, or nil.
func (m *Memory) summaryOf(x *Var) *Object {
	if m == nil || x == nil {
		return nil
	}
	for _, o := range m.Objects {
		if !o.Summary() {
			continue
		}
		for _, c := range o.Cells {
			if c == x {
				return o
			}
		}
	}
	return nil
}

// conjuncts splits e at its top-level ands.
func conjuncts(e Expr) []Expr {
	if b, ok := e.(Binary); ok && b.Op == And {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []Expr{e}
}

// readsOnly reports whether e reads v and no other variable.
func readsOnly(e Expr, v *Var) bool {
	vs := map[*Var]bool{}
	Vars(e, vs)
	return len(vs) == 1 && vs[v]
}

// readsIntegersOnly reports whether e reads variables, all of C integer
// type (no pointer, no circ variable).
func readsIntegersOnly(e Expr) bool {
	vs := map[*Var]bool{}
	Vars(e, vs)
	for v := range vs {
		if !v.Int.Valid() {
			return false
		}
	}
	return len(vs) > 0
}
