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
	"slices"

	"circ/cfa"
)

// Limits of the analysis: facts a location keeps, joins before a
// variable's value or a location's facts are widened, and rounds over
// the whole program before it gives up (proving nothing).
const (
	maxFacts  = 12
	maxJoins  = 4
	maxRounds = 100
	maxVisits = 200 // per edge, in one round of one template
)

// facts are the narrower values a location knows of some variables,
// each with the time it was learnt: a location keeps the newest. A few
// entries searched in order cost less than a map, which each edge would
// clone. A reached location's facts are never nil.
type facts []entry

type entry struct {
	v *cfa.Var
	fact
}

type fact struct {
	val
	stamp int
}

// assumed is added to the stamp of a fact a test gave, so that a
// location evicts the facts assignments gave first.
const assumed = 1 << 40

// lasting is added to the stamp of a fact of a thread's bookkeeping of
// its locks (cfa.Var.ThreadBookkeeping), which outlasts every other:
// the arms of an unlock depend on it, through any code the lock
// protects.
const lasting = 2 * assumed

func (f facts) get(v *cfa.Var) (fact, bool) {
	for _, e := range f {
		if e.v == v {
			return e.fact, true
		}
	}
	return fact{}, false
}

// learn sets v's fact to x, evicting the oldest fact when f is full.
// It may change f in place.
func (f facts) learn(v *cfa.Var, x val, stamp int) facts {
	oldest := -1
	for i, e := range f {
		if e.v == v {
			f[i].fact = fact{x, stamp}
			return f
		}
		if oldest < 0 || e.stamp < f[oldest].stamp {
			oldest = i
		}
	}
	if len(f) >= maxFacts {
		f[oldest] = entry{v, fact{x, stamp}}
		return f
	}
	return append(f, entry{v, fact{x, stamp}})
}

// filter keeps the facts of the variables keep accepts; it may change f
// in place.
func (f facts) filter(keep func(*cfa.Var) bool) facts {
	return slices.DeleteFunc(f, func(e entry) bool { return !keep(e.v) })
}

type analysis struct {
	p       *cfa.Program
	fi      map[*cfa.Var]val // flow-insensitive values
	joins   map[*cfa.Var]int
	widened map[*cfa.Var]bool
	changed bool
	gaveUp  bool // a round ran past its budget (maxVisits)
	// assigned are the locals assigned before every read
	// (assignedBeforeRead): their values start with their first store.
	assigned map[*cfa.Var]bool
	stamp    int
	// started: the templates some reached Create starts (main is).
	started map[*cfa.CFA]bool
	// version counts the changes of flow-insensitive values;
	// changedAt is each variable's last.
	version   int
	changedAt map[*cfa.Var]int
	tmpl      map[*cfa.CFA]*template
}

// template is the location fixpoint of one template. A round goes on
// from the last one's facts, and visits again only the locations with
// an edge that reads a variable whose value changed since (values only
// grow, so the facts do too): a round costs what the changes touch.
type template struct {
	at    []facts // per location; nil: not reached
	joins []int   // per location: joins through back edges so far (widening)
	// back are the DFS back edges: every cycle has one, so widening
	// the joins they make ends every loop. A loop head's changes that
	// come from outside its loop (an inner loop's, from each round of
	// the outer one) are the outer loop's to bound, not its own.
	back map[*cfa.Edge]bool
	// readers are the locations whose out-edges read each variable.
	readers map[*cfa.Var][]int
	ranAt   int // version when the last round began
}

// Unreachable lists the undefined-behaviour edges of p (cfa.Edge.Undefined)
// that no run reaches; none, and settled false, when the analysis does
// not settle within its rounds.
func Unreachable(p *cfa.Program) (edges []*cfa.Edge, settled bool) {
	a := &analysis{p: p, fi: map[*cfa.Var]val{}, joins: map[*cfa.Var]int{}, widened: map[*cfa.Var]bool{}, started: map[*cfa.CFA]bool{},
		changedAt: map[*cfa.Var]int{}, tmpl: map[*cfa.CFA]*template{}}
	for _, g := range p.Globals {
		a.fi[g] = single(g.Init)
	}
	// A local is its template's own; one that two templates listed
	// would need both to assign it before reading it.
	owners := map[*cfa.Var]int{}
	for _, c := range p.Templates {
		for _, v := range c.Locals {
			owners[v]++
		}
	}
	a.assigned = map[*cfa.Var]bool{}
	for _, c := range p.Templates {
		for v := range assignedBeforeRead(c) {
			a.assigned[v] = owners[v] == 1
		}
		if c.Param != nil {
			// Set as the thread starts, to the argument its
			// creation passes (Create stores it): never read
			// before.
			a.assigned[c.Param] = owners[c.Param] == 1
		}
		for _, v := range c.Locals {
			// The interpreter starts a thread's locals at 0; a local
			// assigned before every read takes only what is stored.
			if !a.assigned[v] {
				a.fi[v] = single(0).join(single(v.Init))
			}
		}
		if c.Self != nil {
			a.fi[c.Self] = interval(1, 1<<40)
		}
	}
	a.started[p.Main()] = true
	settled = false
	for round := 0; round < maxRounds; round++ {
		a.changed = false
		for _, c := range p.Templates {
			if a.started[c] {
				a.run(c)
			}
		}
		if a.gaveUp {
			break
		}
		if !a.changed {
			settled = true
			break
		}
	}
	if !settled {
		return nil, false
	}
	var out []*cfa.Edge
	for _, c := range p.Templates {
		t := a.tmpl[c]
		for _, e := range c.Edges {
			if e.Undefined && (t == nil || t.at[e.From] == nil) {
				out = append(out, e)
			}
		}
	}
	return out, true
}

// store joins x into v's flow-insensitive value.
func (a *analysis) store(v *cfa.Var, x val) {
	old, ok := a.fi[v]
	next := x // a local assigned before every read: its first store
	if ok || !a.assigned[v] {
		if !ok {
			old = single(v.Init)
		}
		if x.within(old) {
			return
		}
		next = old.join(x)
		if a.joins[v]+1 > maxJoins || a.widened[v] {
			// Widened to the type's range, a store can change it no
			// more (a value outside is wrapped into it).
			next = widen(old, x, typeRange(v))
			if next.within(old) {
				return
			}
			a.widened[v] = true
		}
	}
	a.joins[v]++
	a.changed = true
	a.version++
	a.changedAt[v] = a.version
	a.fi[v] = next
}

func (a *analysis) value(v *cfa.Var) val {
	if x, ok := a.fi[v]; ok {
		return x
	}
	return single(v.Init)
}

// run brings c's location facts to their fixpoint under the current
// flow-insensitive values: from the entry the first time, then from the
// reached locations with an edge that reads a variable changed since.
func (a *analysis) run(c *cfa.CFA) {
	t := a.tmpl[c]
	var work []int
	queued := make([]bool, len(c.Locs))
	visit := func(l int) {
		if !queued[l] {
			queued[l] = true
			work = append(work, l)
		}
	}
	if t == nil {
		t = &template{at: make([]facts, len(c.Locs)), joins: make([]int, len(c.Locs)), back: backEdges(c), readers: map[*cfa.Var][]int{}}
		for _, e := range c.Edges {
			set := map[*cfa.Var]bool{}
			e.ReadVars(set)
			for v := range set {
				t.readers[v] = append(t.readers[v], e.From)
			}
		}
		a.tmpl[c] = t
		t.at[c.Entry] = facts{}
		for _, v := range c.Locals {
			if v.ThreadBookkeeping() {
				t.at[c.Entry] = t.at[c.Entry].learn(v, single(0).join(single(v.Init)), lasting)
			}
		}
		visit(c.Entry)
	} else {
		for v, ls := range t.readers {
			if a.changedAt[v] <= t.ranAt {
				continue
			}
			for _, l := range ls {
				if t.at[l] != nil {
					visit(l)
				}
			}
		}
	}
	t.ranAt = a.version
	// Widening through back edges ends every loop; the budget is a
	// guard all the same: past it the analysis proves nothing.
	budget := maxVisits * (len(c.Edges) + 1)
	for len(work) > 0 {
		if budget--; budget < 0 {
			a.gaveUp = true
			return
		}
		l := work[len(work)-1]
		work = work[:len(work)-1]
		queued[l] = false
		for _, e := range c.Out[l] {
			out, ok := a.post(e, t.at[l])
			if !ok {
				continue
			}
			if !c.Locs[e.To].Atomic {
				out = out.filter(func(v *cfa.Var) bool { return !v.Global })
			}
			if next, grew := joinFacts(t.at[e.To], out, &t.joins[e.To], t.back[e]); grew {
				t.at[e.To] = next
				visit(e.To)
			}
		}
	}
}

// backEdges lists the edges of c that a depth-first search from the
// entry finds going back to a location on its stack.
func backEdges(c *cfa.CFA) map[*cfa.Edge]bool {
	back := map[*cfa.Edge]bool{}
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
		e := c.Out[f.l][f.next]
		f.next++
		switch state[e.To] {
		case 0:
			state[e.To] = 1
			stack = append(stack, frame{e.To, 0})
		case 1:
			back[e] = true
		}
	}
	return back
}

// joinFacts joins the facts in into those of a location (old, nil when
// unreached); grew is false when old already covers them. Through a
// back edge, past maxJoins a fact that changes is dropped, so that
// loops end (a join only keeps the facts both sides have).
func joinFacts(old, in facts, joins *int, back bool) (facts, bool) {
	if old == nil {
		return in, true
	}
	var next facts
	same := true
	for _, x := range old {
		y, ok := in.get(x.v)
		switch {
		case !ok:
			same = false // unknown on the other side
		case y.within(x.val):
			next = append(next, x)
		default:
			same = false
			if !back || *joins < maxJoins {
				next = append(next, entry{x.v, fact{x.join(y.val), max(x.stamp, y.stamp)}})
			}
		}
	}
	if same {
		return old, false
	}
	if back {
		*joins++
	}
	if next == nil {
		next = facts{}
	}
	return next, true
}

// post is the facts after edge e from a location with facts in; false
// when e cannot be taken.
func (a *analysis) post(e *cfa.Edge, in facts) (facts, bool) {
	look := func(v *cfa.Var) val {
		if x, ok := in.get(v); ok {
			return x.val
		}
		return a.value(v)
	}
	out := slices.Clone(in)
	if out == nil {
		out = facts{}
	}
	a.stamp++
	set := func(v *cfa.Var, x val) {
		if v.Bool {
			x = truth(x)
		}
		a.store(v, x)
		stamp := a.stamp
		if v.ThreadBookkeeping() {
			stamp += lasting
		}
		out = out.learn(v, x, stamp)
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
			out = out.learn(v, x, a.stamp+assumed)
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
		out = out.filter(func(v *cfa.Var) bool { return v != e.Mutex })
	case cfa.Lock, cfa.Unlock:
		if e.Mutex != nil {
			a.store(e.Mutex, typeRange(e.Mutex))
			out = out.filter(func(v *cfa.Var) bool { return v != e.Mutex })
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
// returns how many it removed, and whether the analysis settled.
func Discharge(p *cfa.Program) (removed int, settled bool) {
	gone := map[*cfa.Edge]bool{}
	edges, ok := Unreachable(p)
	for _, e := range edges {
		gone[e] = true
	}
	if len(gone) == 0 {
		return 0, ok
	}
	for _, c := range p.Templates {
		c.Edges = slices.DeleteFunc(c.Edges, func(e *cfa.Edge) bool { return gone[e] })
	}
	p.Finish()
	return len(gone), ok
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
