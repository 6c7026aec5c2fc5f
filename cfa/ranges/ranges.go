// Package ranges is the cheap stage that decides undefined-behaviour
// sites before the CIRC engine: an array index a loop bound keeps in
// range, a pointer a state variable keeps valid. It computes, for every
// variable, the values it may hold (a few values listed one by one, or
// an interval), and shows a site unreachable when no run's values can
// reach it.
//
// Each variable has one flow-insensitive value: its initial value
// joined with every value any thread stores into it (with widening, so
// the analysis ends). On top of it, each location keeps a few facts, the
// narrower values the path so far gives (after `i < n`, i is below n):
// assignments and assumptions set them, joins keep what both sides
// know. A global's fact holds only inside an atomic section, where no
// other thread moves (cfa.Location.Atomic); elsewhere another thread
// may have stored any of the global's values, so it reads its
// flow-insensitive value. Expressions are evaluated exactly, by the
// interpreter's own rules, on every assignment of listed values
// (interp.EvalWith), and by interval arithmetic otherwise.
//
// This is sound for any number of threads: every value a run gives a
// variable is among those computed, since every store of every thread
// is joined in, whatever the interleaving. A site of a location the
// analysis never reaches is reached by no run.
package ranges

import (
	"maps"
	"slices"

	"circ/cfa"
)

// Limits of the analysis: facts a location keeps, joins before a
// variable's value or a location's facts are widened, and rounds over
// the whole program before it gives up (proving nothing).
const (
	maxFacts  = 12
	maxJoins  = 4
	maxRounds = 40
)

// facts are the narrower values a location knows of some variables,
// each with the time it was learnt: a location keeps the newest.
type facts map[*cfa.Var]fact

type fact struct {
	val
	stamp int
}

// assumed is added to the stamp of a fact a test gave, so that a
// location evicts the facts assignments gave first.
const assumed = 1 << 40

// learn sets v's fact to x, evicting the oldest fact when f is full.
func (f facts) learn(v *cfa.Var, x val, stamp int) {
	if _, ok := f[v]; !ok && len(f) >= maxFacts {
		var oldest *cfa.Var
		for w, y := range f {
			if oldest == nil || y.stamp < f[oldest].stamp {
				oldest = w
			}
		}
		delete(f, oldest)
	}
	f[v] = fact{x, stamp}
}

type analysis struct {
	p       *cfa.Program
	fi      map[*cfa.Var]val // flow-insensitive values
	joins   map[*cfa.Var]int
	widened map[*cfa.Var]bool
	changed bool
	stamp   int
	// started: the templates some reached Create starts (main is).
	started map[*cfa.CFA]bool
	at      map[*cfa.CFA][]facts // per location; nil: not reached
}

// Unreachable lists the undefined-behaviour edges of p (cfa.Edge.Undefined)
// that no run reaches; none when the analysis does not settle.
func Unreachable(p *cfa.Program) []*cfa.Edge {
	a := &analysis{p: p, fi: map[*cfa.Var]val{}, joins: map[*cfa.Var]int{}, widened: map[*cfa.Var]bool{}, started: map[*cfa.CFA]bool{}}
	for _, g := range p.Globals {
		a.fi[g] = single(g.Init)
	}
	for _, c := range p.Templates {
		for _, v := range c.Locals {
			// The interpreter starts a thread's locals at 0.
			a.fi[v] = single(0).join(single(v.Init))
		}
		if c.Self != nil {
			a.fi[c.Self] = interval(1, 1<<40)
		}
	}
	a.started[p.Main()] = true
	settled := false
	for round := 0; round < maxRounds; round++ {
		a.changed = false
		a.at = map[*cfa.CFA][]facts{}
		for _, c := range p.Templates {
			if a.started[c] {
				a.template(c)
			}
		}
		if !a.changed {
			settled = true
			break
		}
	}
	if !settled {
		return nil
	}
	var out []*cfa.Edge
	for _, c := range p.Templates {
		at := a.at[c]
		for _, e := range c.Edges {
			if e.Undefined && (at == nil || at[e.From] == nil) {
				out = append(out, e)
			}
		}
	}
	return out
}

// store joins x into v's flow-insensitive value.
func (a *analysis) store(v *cfa.Var, x val) {
	old, ok := a.fi[v]
	if !ok {
		old = single(v.Init)
	}
	if x.within(old) {
		return
	}
	a.changed = true
	limit := typeRange(v)
	if a.joins[v]++; a.joins[v] > maxJoins || a.widened[v] {
		a.widened[v] = true
		a.fi[v] = widen(old, x, limit)
		return
	}
	a.fi[v] = old.join(x)
}

func (a *analysis) value(v *cfa.Var) val {
	if x, ok := a.fi[v]; ok {
		return x
	}
	return single(v.Init)
}

// template runs the location fixpoint of c with the current
// flow-insensitive values.
func (a *analysis) template(c *cfa.CFA) {
	at := make([]facts, len(c.Locs))
	a.at[c] = at
	at[c.Entry] = facts{}
	joins := make([]int, len(c.Locs))
	heads := loopHeads(c)
	work := []int{c.Entry}
	queued := make([]bool, len(c.Locs))
	queued[c.Entry] = true
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		queued[l] = false
		for _, e := range c.Out[l] {
			out, ok := a.post(e, at[l])
			if !ok {
				continue
			}
			if !c.Locs[e.To].Atomic {
				for v := range out {
					if v.Global {
						delete(out, v)
					}
				}
			}
			if next, grew := joinFacts(at[e.To], out, &joins[e.To], heads[e.To]); grew {
				at[e.To] = next
				if !queued[e.To] {
					queued[e.To] = true
					work = append(work, e.To)
				}
			}
		}
	}
}

// loopHeads marks the locations a back edge of c enters, where facts
// are widened.
func loopHeads(c *cfa.CFA) []bool {
	heads := make([]bool, len(c.Locs))
	state := make([]int8, len(c.Locs)) // 0 new, 1 on the stack, 2 done
	type frame struct{ l, next int }
	stack := []frame{{c.Entry, 0}}
	state[c.Entry] = 1
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == len(c.Out[f.l]) {
			state[f.l] = 2
			stack = stack[:len(stack)-1]
			continue
		}
		to := c.Out[f.l][f.next].To
		f.next++
		switch state[to] {
		case 0:
			state[to] = 1
			stack = append(stack, frame{to, 0})
		case 1:
			heads[to] = true
		}
	}
	return heads
}

// joinFacts joins the facts in into those of a location (old, nil when
// unreached); grew is false when old already covers them. At a loop
// head, past maxJoins a fact that changes is dropped, so that loops end.
func joinFacts(old, in facts, joins *int, head bool) (facts, bool) {
	if old == nil {
		return in, true
	}
	next := facts{}
	for v, x := range old {
		y, ok := in[v]
		if !ok {
			continue // unknown on the other side
		}
		if y.within(x.val) {
			next[v] = x
			continue
		}
		if !head || *joins < maxJoins {
			next[v] = fact{x.join(y.val), max(x.stamp, y.stamp)}
		}
	}
	if len(next) == len(old) {
		same := true
		for v, x := range next {
			if !x.within(old[v].val) || !old[v].within(x.val) {
				same = false
				break
			}
		}
		if same {
			return old, false
		}
	}
	*joins++
	return next, true
}

// post is the facts after edge e from a location with facts in; false
// when e cannot be taken.
func (a *analysis) post(e *cfa.Edge, in facts) (facts, bool) {
	look := func(v *cfa.Var) val {
		if x, ok := in[v]; ok {
			return x.val
		}
		return a.value(v)
	}
	out := maps.Clone(in)
	a.stamp++
	set := func(v *cfa.Var, x val) {
		if v.Bool {
			x = truth(x)
		}
		a.store(v, x)
		out.learn(v, x, a.stamp)
	}
	switch e.Kind {
	case cfa.Assign:
		set(e.LHS, eval(e.RHS, look))
	case cfa.Assume:
		narrowed, ok := refine(e.Cond, look)
		if !ok {
			return nil, false
		}
		for v, x := range narrowed {
			// A test's facts outlast the assignments after it: the
			// index a loop tests stays known through a call's body.
			out.learn(v, x, a.stamp+assumed)
		}
	case cfa.Havoc:
		x := typeRange(e.LHS)
		if e.Lo != nil && e.Hi != nil {
			lo, hi := eval(e.Lo, look), eval(e.Hi, look)
			if lo.lo <= hi.hi {
				x = interval(lo.lo, hi.hi)
			}
		}
		set(e.LHS, x)
	case cfa.Create:
		if e.LHS != nil {
			set(e.LHS, interval(1, 1<<40))
		}
		if t := e.Template; t != nil {
			if !a.started[t] {
				a.started[t] = true
				a.changed = true
			}
			if t.Param != nil {
				arg := single(0)
				if e.Arg != nil {
					arg = eval(e.Arg, look)
				}
				if t.Param.Bool {
					arg = truth(arg)
				}
				a.store(t.Param, arg)
			}
		}
	case cfa.TryLock:
		if e.LHS != nil {
			set(e.LHS, typeRange(e.LHS))
		}
		a.store(e.Mutex, typeRange(e.Mutex))
		delete(out, e.Mutex)
	case cfa.Lock, cfa.Unlock:
		if e.Mutex != nil {
			a.store(e.Mutex, typeRange(e.Mutex))
			delete(out, e.Mutex)
		}
	case cfa.Exit, cfa.Error, cfa.Halt:
		return nil, false
	default:
		if e.LHS != nil {
			set(e.LHS, typeRange(e.LHS))
		}
	}
	return out, true
}

// Discharge removes from p the undefined-behaviour edges no run
// reaches (Unreachable), so that no engine spends time on them, and
// returns how many it removed.
func Discharge(p *cfa.Program) int {
	gone := map[*cfa.Edge]bool{}
	for _, e := range Unreachable(p) {
		gone[e] = true
	}
	if len(gone) == 0 {
		return 0
	}
	for _, c := range p.Templates {
		c.Edges = slices.DeleteFunc(c.Edges, func(e *cfa.Edge) bool { return gone[e] })
	}
	p.Finish()
	return len(gone)
}

// truth is what a _Bool variable holds after a store of x: 1 for any
// value but 0.
func truth(x val) val {
	zero, other := x.has(0), !(x.lo == 0 && x.hi == 0)
	switch {
	case zero && other:
		return interval(0, 1)
	case zero:
		return single(0)
	}
	return single(1)
}
