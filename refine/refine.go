package refine

import (
	"errors"
	"fmt"
	"sort"

	"circ/cfa"
	"circ/interp"
	"circ/predabs"
	"circ/smt"

	"github.com/aclements/go-z3/z3"
)

// Outcome is Refine's answer.
type Outcome struct {
	// Real: the interleaving is feasible; Trace is it, with the values
	// of the model, ready for the interpreter to replay.
	Real  bool
	Trace interp.Trace
	// Otherwise: new predicates, or IncK when the counters were too
	// coarse to tell the trace's threads apart.
	Preds []predabs.Pred
	IncK  bool
	// Values are fallback predicates for when Preds adds nothing new:
	// v == c for the variables of the proof of infeasibility, at the
	// values they take along the longest feasible prefix of the
	// interleaving. Counters (a rwlock's readers, a barrier's
	// generation) need such predicates: the proof speaks of their
	// changes, the abstraction needs their values.
	Values []predabs.Pred
	// Why explains the outcome (for progress output).
	Why string
	// Interleaving is the concrete interleaving that was checked.
	Interleaving interp.Trace
}

// Refine analyses an abstract race trace (the paper's procedure Refine).
// The interleaving is built twice at most, with the most recent and with
// the oldest context thread taking each move; the first feasible one is
// the answer, and predicates come from the first.
func Refine(in *Input) (*Outcome, error) {
	var first *Outcome
	for _, oldestFirst := range []bool{false, true} {
		out, err := refineWith(in, oldestFirst)
		if err != nil || out.Real || out.IncK {
			return out, err
		}
		if first == nil {
			first = out
		}
	}
	return first, nil
}

func refineWith(in *Input, oldestFirst bool) (*Outcome, error) {
	steps, threads, err := interleave(in, oldestFirst)
	var small errSmallK
	if errors.As(err, &small) {
		return &Outcome{IncK: true, Why: small.Error()}, nil
	}
	if err != nil {
		return nil, err
	}
	tf := buildFormula(in.Setup.Solver, in.Setup.Prog, steps, threads)
	sat, err := in.Setup.Solver.Check(tf.clauses...)
	if err != nil {
		return nil, err
	}
	if sat {
		fixed, err := smallValues(in.Setup.Solver, tf.clauses, tf.havocNames())
		if err != nil {
			return nil, err
		}
		vals, _, err := in.Setup.Solver.Model(fixed, tf.havocNames())
		if err != nil {
			return nil, err
		}
		tr := make(interp.Trace, len(steps))
		copy(tr, steps)
		for i, name := range tf.havoc {
			if name != "" {
				tr[i].Value = vals[name]
			}
		}
		return &Outcome{Real: true, Trace: tr, Why: fmt.Sprintf("feasible interleaving of %d steps", len(tr))}, nil
	}
	core, err := in.Setup.Solver.MinimalCore(tf.clauses)
	if err != nil {
		return nil, err
	}
	preds := mine(in.Setup.Prog, tf, core)
	values, err := valuePreds(in.Setup.Solver, in.Setup.Prog, tf, core)
	if err != nil {
		return nil, err
	}
	return &Outcome{Preds: preds, Values: values, Interleaving: steps, Why: fmt.Sprintf("infeasible interleaving of %d steps", len(steps))}, nil
}

// smallValues fixes, havoc by havoc, the value of smallest magnitude
// among 0, 1, -1, 2, -2 that keeps the trace feasible, when there is one:
// the trace reads better, and a bounded search over the default range of
// values finds it too.
func smallValues(sv *smt.Solver, clauses []z3.Bool, havocs []string) ([]z3.Bool, error) {
	fixed := append([]z3.Bool(nil), clauses...)
	for _, n := range havocs {
		for _, v := range []int64{0, 1, -1, 2, -2} {
			c := sv.Const(n).Eq(sv.Num(v))
			ok, err := sv.Check(append(fixed, c)...)
			if err != nil {
				return nil, err
			}
			if ok {
				fixed = append(fixed, c)
				break
			}
		}
	}
	return fixed, nil
}

// maxValuePreds bounds the value predicates one refinement proposes.
const maxValuePreds = 16

// valuePreds finds the longest prefix of the interleaving whose formula
// is satisfiable, and for each variable that the core's steps touch,
// proposes v == c for every value c a model of that prefix gives it.
func valuePreds(sv *smt.Solver, p *cfa.Program, f *formula, core []int) ([]predabs.Pred, error) {
	firstStep := 0
	for firstStep < len(f.origin) && f.origin[firstStep] < 0 {
		firstStep++
	}
	// Largest n such that the initial clauses and n step clauses are
	// satisfiable (the whole formula is not).
	lo, hi := 0, len(f.clauses)-firstStep-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		ok, err := sv.Check(f.clauses[:firstStep+mid]...)
		if err != nil {
			return nil, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	prefix := lo // steps 0..prefix-1 are feasible
	touched := map[*cfa.Var]bool{}
	for _, ci := range core {
		if o := f.origin[ci]; o >= 0 {
			edgeVars(f.steps[o].Edge, touched)
		} else if o == -1 {
			touched[f.initVar[ci]] = true
		}
	}
	var names []string
	var defs []def
	for _, d := range f.defs {
		if touched[d.v] && d.step < prefix {
			names = append(names, d.name)
			defs = append(defs, d)
		}
	}
	vals, sat, err := sv.Model(f.clauses[:firstStep+prefix], names)
	if err != nil || !sat {
		return nil, err
	}
	owner := map[*cfa.Var]int{}
	for _, c := range p.Templates {
		for _, l := range c.Locals {
			owner[l] = c.Index
		}
	}
	seen := map[string]bool{}
	var out []predabs.Pred
	for _, d := range defs {
		e := predabs.Canonical(cfa.Binary{Op: cfa.Eq, X: cfa.Ref{V: d.v}, Y: cfa.Const{Val: vals[d.name]}})
		if seen[e.String()] || len(out) == maxValuePreds {
			continue
		}
		seen[e.String()] = true
		t := -1
		if !d.v.Global {
			t = owner[d.v]
		}
		out = append(out, predabs.Pred{E: e, Template: t})
	}
	return out, nil
}

// edgeVars adds the variables e reads or writes.
func edgeVars(e *cfa.Edge, set map[*cfa.Var]bool) {
	e.ReadVars(set)
	for _, v := range []*cfa.Var{e.LHS, e.Mutex} {
		if v != nil {
			set[v] = true
		}
	}
}

// formula is a trace formula: one clause per initial value and per step.
type formula struct {
	clauses []z3.Bool
	// origin[i] says where clause i comes from: step index, or -1 for
	// an initial value of initVar[i].
	origin  []int
	initVar []*cfa.Var
	steps   []interp.Step
	threads map[int]*vthread
	// havoc[i] is the SSA name chosen by step i, if it is a Havoc.
	havoc []string
	// defs lists every SSA version: initial values (step -1) and the
	// writes of each step.
	defs []def
}

// def is one SSA version of v in thread tid, defined by step.
type def struct {
	v    *cfa.Var
	tid  int
	name string
	step int
}

func (f *formula) havocNames() []string {
	var out []string
	for _, n := range f.havoc {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

type ssa struct {
	ver  map[string]int
	f    *formula
	step int // the step being translated (-1: initial values)
}

func (s *ssa) key(v *cfa.Var, tid int) string {
	if v.Global {
		return v.Name
	}
	return fmt.Sprintf("%s#%d", v.Name, tid)
}

func (s *ssa) cur(v *cfa.Var, tid int) string {
	k := s.key(v, tid)
	return fmt.Sprintf("%s@%d", k, s.ver[k])
}

func (s *ssa) next(v *cfa.Var, tid int) string {
	k := s.key(v, tid)
	s.ver[k]++
	name := fmt.Sprintf("%s@%d", k, s.ver[k])
	s.f.defs = append(s.f.defs, def{v, tid, name, s.step})
	return name
}

// initial is the first version of v in thread tid, defined at step.
func (s *ssa) initial(v *cfa.Var, tid, step int) string {
	name := s.cur(v, tid)
	s.f.defs = append(s.f.defs, def{v, tid, name, step})
	return name
}

func (s *ssa) env(tid int) smt.Env {
	return func(v *cfa.Var) string { return s.cur(v, tid) }
}

func buildFormula(sv *smt.Solver, p *cfa.Program, steps []interp.Step, threads []*vthread) *formula {
	f := &formula{steps: steps, threads: map[int]*vthread{}, havoc: make([]string, len(steps))}
	for _, t := range threads {
		f.threads[t.id] = t
	}
	s := &ssa{ver: map[string]int{}, f: f, step: -1}
	for _, g := range p.Globals {
		f.clauses = append(f.clauses, sv.Const(s.initial(g, 0, -1)).Eq(sv.Num(g.Init)))
		f.origin = append(f.origin, -1)
		f.initVar = append(f.initVar, g)
	}
	// Thread 0's locals start at 0, its Self at its id.
	var local0 []z3.Bool
	for _, l := range p.Main().Locals {
		local0 = append(local0, sv.Const(s.initial(l, 0, -1)).Eq(sv.Num(startValue(p.Main(), l, 0))))
	}
	f.clauses = append(f.clauses, andAll(sv, local0))
	f.origin = append(f.origin, -2)
	f.initVar = append(f.initVar, nil)

	done := map[int]bool{}
	// joined[id] holds when an earlier join reaped thread id: a join
	// waits for an exited thread that nobody joined yet.
	joined := map[int]z3.Bool{}
	nextID := 1
	// Where each live thread is, for AwaitNoHandler: a condition on
	// control, which the interleaving decides by itself.
	type where struct {
		c  *cfa.CFA
		pc int
	}
	at := map[int]where{0: {p.Main(), p.Main().Entry}}
	halted := false
	for i, st := range steps {
		e, tid := st.Edge, st.Thread
		s.step = i
		env := s.env(tid)
		var c []z3.Bool
		if halted {
			c = append(c, sv.Ctx.FromBool(false)) // the program has stopped
		}
		halted = halted || e.Kind.Stops()
		switch e.Kind {
		case cfa.AwaitNoHandler:
			for o, w := range at {
				if o != tid && !done[o] && w.c.Locs[w.pc].Handler {
					c = append(c, sv.Ctx.FromBool(false))
				}
			}
		case cfa.Assign:
			rhs := sv.Int(e.RHS, env)
			if e.LHS.Bool {
				rhs = sv.Bool(e.RHS, env).IfThenElse(sv.Num(1), sv.Num(0)).(z3.Int)
			}
			c = append(c, sv.Const(s.next(e.LHS, tid)).Eq(rhs))
		case cfa.Assume:
			c = append(c, sv.Bool(e.Cond, env))
		case cfa.Havoc:
			// Bounds are read before the havoc writes (either may be
			// missing: unsigned types have only a lower one).
			var bounds []func(z3.Int) z3.Bool
			if e.Lo != nil {
				lo := sv.Int(e.Lo, env)
				bounds = append(bounds, func(v z3.Int) z3.Bool { return v.GE(lo) })
			}
			if e.Hi != nil {
				hi := sv.Int(e.Hi, env)
				bounds = append(bounds, func(v z3.Int) z3.Bool { return v.LE(hi) })
			}
			name := s.next(e.LHS, tid)
			f.havoc[i] = name
			for _, b := range bounds {
				c = append(c, b(sv.Const(name)))
			}
		case cfa.Create:
			child := nextID
			nextID++
			var arg z3.Int
			if e.Arg != nil {
				arg = sv.Int(e.Arg, env)
			}
			if e.LHS != nil {
				c = append(c, sv.Const(s.next(e.LHS, tid)).Eq(sv.Num(cfa.ThreadID(child))))
			}
			at[child] = where{e.Template, e.Template.Entry}
			for _, l := range e.Template.Locals {
				if l == e.Template.Param && e.Arg != nil {
					c = append(c, sv.Const(s.initial(l, child, i)).Eq(arg))
				} else {
					c = append(c, sv.Const(s.initial(l, child, i)).Eq(sv.Num(startValue(e.Template, l, child))))
				}
			}
		case cfa.Join:
			if e.Untracked {
				break // waits for no thread (interp)
			}
			h := sv.Int(e.Handle, env)
			var ors []z3.Bool
			for id := range done {
				is := h.Eq(sv.Num(cfa.ThreadID(id)))
				if j, ok := joined[id]; ok {
					ors = append(ors, is.And(j.Not()))
					joined[id] = j.Or(is)
				} else {
					ors = append(ors, is)
					joined[id] = is
				}
			}
			if len(ors) == 0 {
				c = append(c, sv.Ctx.FromBool(false))
			} else {
				c = append(c, ors[0].Or(ors[1:]...))
			}
		case cfa.Lock:
			c = append(c, sv.Const(s.cur(e.Mutex, tid)).Eq(sv.Num(0)), sv.Const(s.next(e.Mutex, tid)).Eq(sv.Num(1)))
		case cfa.Unlock:
			c = append(c, sv.Const(s.next(e.Mutex, tid)).Eq(sv.Num(0)))
		case cfa.TryLock:
			m0 := sv.Const(s.cur(e.Mutex, tid))
			m1, r1 := sv.Const(s.next(e.Mutex, tid)), sv.Const(s.next(e.LHS, tid))
			c = append(c, m0.Eq(sv.Num(0)).IfThenElse(
				m1.Eq(sv.Num(1)).And(r1.Eq(sv.Num(0))),
				m1.Eq(m0).And(r1.Eq(sv.Num(cfa.EBUSY)))).(z3.Bool))
		}
		if e.Kind == cfa.Exit || e.Kind == cfa.Error {
			done[tid] = true
		}
		if w, ok := at[tid]; ok {
			w.pc = e.To
			at[tid] = w
		}
		f.clauses = append(f.clauses, andAll(sv, c))
		f.origin = append(f.origin, i)
		f.initVar = append(f.initVar, nil)
	}
	return f
}

// startValue is local l's value when thread id of template c starts
// (its parameter aside): its id for Self, 0 otherwise.
func startValue(c *cfa.CFA, l *cfa.Var, id int) int64 {
	if l == c.Self {
		return cfa.ThreadID(id)
	}
	return 0
}

func andAll(sv *smt.Solver, fs []z3.Bool) z3.Bool {
	if len(fs) == 0 {
		return sv.True()
	}
	return fs[0].And(fs[1:]...)
}

// mine turns a minimal unsatisfiable core into predicates: the atoms of
// the core's assumptions, their weakest preconditions through the core's
// assignments, equalities from the core's assignments and initial values.
func mine(p *cfa.Program, f *formula, core []int) []predabs.Pred {
	owner := map[*cfa.Var]int{}
	for _, c := range p.Templates {
		for _, l := range c.Locals {
			owner[l] = c.Index
		}
	}
	out := map[string]predabs.Pred{}
	tracked := p.Memory.Instances()
	notYet := p.Memory.NotYetAllocated()
	moved := movedGlobals(f.steps)
	// addAtoms adds e's atoms; those of a test (an assumption, or its
	// weakest precondition) with their companions.
	addAtoms := func(e cfa.Expr, test bool) (added []cfa.Expr) {
		var as []cfa.Expr
		for _, a := range atoms(e) {
			as = append(as, a)
			b, ok := a.(cfa.Binary)
			if ok && (b.Op == cfa.Eq || b.Op == cfa.Ne) && mentions(b, tracked) {
				// x == instance is how a loop meets the tracked
				// instance of a summary; x <= instance says whether
				// it has passed it, which proves that the loop meets
				// it once (a creation loop starts one tracked thread,
				// a join loop joins it).
				as = append(as, cfa.Binary{Op: cfa.Le, X: b.X, Y: b.Y})
			}
			for inst, e := range notYet {
				// A thread holding the tracked block exists only
				// once its site has allocated it, which happens
				// once: whether it has is what tells that thread
				// apart from the allocation it races with.
				if mentions(a, map[*cfa.Var]bool{inst: true}) {
					as = append(as, e)
				}
			}
			if ok && test && b.Op == cfa.Eq && counterAgainstConstant(b, moved) {
				// g == c for a shared counter: g <= c says whether
				// it has passed c, which stays true once a thread
				// has moved it past (a claim of the next index).
				as = append(as, cfa.Binary{Op: cfa.Le, X: b.X, Y: b.Y})
			}
		}
		for _, a := range as {
			a = predabs.Canonical(a)
			vs := map[*cfa.Var]bool{}
			cfa.Vars(a, vs)
			if len(vs) == 0 {
				continue
			}
			t := -1
			ok := true
			for v := range vs {
				if v.Global {
					continue
				}
				o := owner[v]
				if t >= 0 && o != t {
					ok = false
				}
				t = o
			}
			if ok {
				out[a.String()] = predabs.Pred{E: a, Template: t}
				added = append(added, a)
			}
		}
		return added
	}
	add := func(e cfa.Expr) []cfa.Expr { return addAtoms(e, false) }
	// direct are the atoms of the core's own conditions.
	var direct []cfa.Expr
	inCore := map[int]bool{}
	for _, ci := range core {
		inCore[ci] = true
	}
	for _, ci := range core {
		switch o := f.origin[ci]; {
		case o == -1:
			g := f.initVar[ci]
			add(cfa.Binary{Op: cfa.Eq, X: cfa.Ref{V: g}, Y: cfa.Const{Val: g.Init}})
		case o >= 0:
			st := f.steps[o]
			e := st.Edge
			switch e.Kind {
			case cfa.Assume:
				direct = append(direct, addAtoms(e.Cond, true)...)
				// Weakest preconditions through earlier core assignments
				// of globals and of the same thread's locals.
				phi := e.Cond
				for cj := ci - 1; cj >= 0; cj-- {
					if !inCore[cj] || f.origin[cj] < 0 {
						continue
					}
					pst := f.steps[f.origin[cj]]
					pe := pst.Edge
					if pe.Kind != cfa.Assign || (!pe.LHS.Global && pst.Thread != st.Thread) {
						continue
					}
					phi = subst(phi, pe.LHS, pe.RHS)
					addAtoms(phi, true)
				}
			case cfa.Assign:
				vs := map[*cfa.Var]bool{}
				cfa.Vars(e.RHS, vs)
				if !vs[e.LHS] && !e.LHS.Bool {
					add(cfa.Binary{Op: cfa.Eq, X: cfa.Ref{V: e.LHS}, Y: e.RHS})
				}
			case cfa.Lock, cfa.TryLock:
				add(cfa.Binary{Op: cfa.Eq, X: cfa.Ref{V: e.Mutex}, Y: cfa.Const{Val: 0}})
			case cfa.Havoc:
				// The bounds of the choice of a summary's tracked
				// instance: what a loop over the elements compares it
				// with.
				if tracked[e.LHS] && e.Lo != nil {
					add(cfa.Binary{Op: cfa.Ge, X: cfa.Ref{V: e.LHS}, Y: e.Lo})
				}
				if tracked[e.LHS] && e.Hi != nil {
					add(cfa.Binary{Op: cfa.Le, X: cfa.Ref{V: e.LHS}, Y: e.Hi})
				}
			}
		}
	}
	instanceLoopPreds(f.steps, direct, tracked, add)
	keys := make([]string, 0, len(out))
	for k := range out {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	preds := make([]predabs.Pred, len(keys))
	for i, k := range keys {
		preds[i] = out[k]
	}
	return preds
}

// instanceLoopPreds adds, through add, what proves that a loop meets a
// summary's tracked instance. A loop meets it where its counter equals
// it: the loop's bounds, with the counter replaced by the instance, say
// whether it meets it at all (the creation loop ran for the instance,
// so the join loop reaches it too); and where the counter starts (i :=
// 0 before the loop), the same comparisons say on which side of the
// instance the loop begins. direct are the atoms of the core's own
// conditions.
func instanceLoopPreds(steps []interp.Step, direct []cfa.Expr, tracked map[*cfa.Var]bool, add func(cfa.Expr) []cfa.Expr) {
	counters := loopCounters(steps)
	isCounter := func(v *cfa.Var) bool { return counters[v] }
	var derived []cfa.Expr
	for _, eq := range direct {
		if b, ok := eq.(cfa.Binary); !ok || b.Op != cfa.Eq || !mentions(b, tracked) {
			continue
		}
		for _, a := range direct {
			for _, r := range predabs.Eliminate(eq, a, isCounter) {
				derived = append(derived, add(r)...)
			}
		}
	}
	// A counting core (i >= 100 at an early exit of i's loop) pushes the
	// exit one iteration further each round, which for a loop over a
	// long array never ends. Where the trace's guards pair the counter
	// with the instance (i == element), its bounds are the instance's
	// (element >= 100 says the instance lies inside the loop's range),
	// and the pairing with its companion says whether the loop has
	// reached the instance: with them, wherever the loop exits, it met
	// the instance, for any bound.
	for _, eq := range pairings(steps, counters, tracked) {
		for _, a := range direct {
			if readsOnly(a, counters) {
				if rs := predabs.Eliminate(eq, a, isCounter); len(rs) > 0 {
					derived = append(derived, add(eq)...)
					for _, r := range rs {
						derived = append(derived, add(r)...)
					}
				}
			}
		}
	}
	starts := map[*cfa.Var][]cfa.Expr{}
	for _, st := range steps {
		if e := st.Edge; e.Kind == cfa.Assign && counters[e.LHS] {
			if c, ok := e.RHS.(cfa.Const); ok {
				starts[e.LHS] = append(starts[e.LHS], c)
			}
		}
	}
	for _, a := range append(direct, derived...) {
		if !mentions(a, tracked) {
			continue
		}
		vs := map[*cfa.Var]bool{}
		cfa.Vars(a, vs)
		for v := range vs {
			for _, c := range starts[v] {
				add(subst(a, v, c))
			}
		}
	}
}

// pairings are the equalities of the steps' conditions between a loop
// counter and a tracked instance (the guard of an access to the element
// a counter indexes).
func pairings(steps []interp.Step, counters, tracked map[*cfa.Var]bool) []cfa.Expr {
	seen := map[string]bool{}
	var out []cfa.Expr
	for _, st := range steps {
		if st.Edge.Kind != cfa.Assume {
			continue
		}
		for _, a := range atoms(st.Edge.Cond) {
			if b, ok := a.(cfa.Binary); ok && b.Op == cfa.Eq && mentions(b, tracked) && mentions(b, counters) && !seen[b.String()] {
				seen[b.String()] = true
				out = append(out, b)
			}
		}
	}
	return out
}

// readsOnly reports whether e reads variables, all of them in vs.
func readsOnly(e cfa.Expr, vs map[*cfa.Var]bool) bool {
	in := map[*cfa.Var]bool{}
	cfa.Vars(e, in)
	for v := range in {
		if !vs[v] {
			return false
		}
	}
	return len(in) > 0
}

// loopCounters are the variables the steps step by a constant (i := i +
// 1): the counters of the loops the trace goes through.
func loopCounters(steps []interp.Step) map[*cfa.Var]bool {
	out := map[*cfa.Var]bool{}
	for _, st := range steps {
		e := st.Edge
		if e.Kind != cfa.Assign {
			continue
		}
		if b, ok := e.RHS.(cfa.Binary); ok && (b.Op == cfa.Add || b.Op == cfa.Sub) {
			if x, ok := b.X.(cfa.Ref); ok && x.V == e.LHS {
				if _, ok := b.Y.(cfa.Const); ok {
					out[e.LHS] = true
				}
			}
		}
	}
	return out
}

// movedGlobals are the globals the steps assign a value computed at run
// time (not a constant): the shared counters of the trace.
func movedGlobals(steps []interp.Step) map[*cfa.Var]bool {
	out := map[*cfa.Var]bool{}
	for _, st := range steps {
		if e := st.Edge; e.Kind == cfa.Assign && e.LHS.Global {
			if _, ok := e.RHS.(cfa.Const); !ok {
				out[e.LHS] = true
			}
		}
	}
	return out
}

// counterAgainstConstant reports whether b compares an expression of
// one global of moved with a constant.
func counterAgainstConstant(b cfa.Binary, moved map[*cfa.Var]bool) bool {
	vs := map[*cfa.Var]bool{}
	cfa.Vars(b, vs)
	if len(vs) != 1 {
		return false
	}
	for v := range vs {
		if !moved[v] {
			return false
		}
	}
	_, xc := b.X.(cfa.Const)
	_, yc := b.Y.(cfa.Const)
	return xc || yc
}

// mentions reports whether e reads one of vs.
func mentions(e cfa.Expr, vs map[*cfa.Var]bool) bool {
	in := map[*cfa.Var]bool{}
	cfa.Vars(e, in)
	for v := range in {
		if vs[v] {
			return true
		}
	}
	return false
}

// atoms splits a condition into its atomic predicates.
func atoms(e cfa.Expr) []cfa.Expr {
	switch x := e.(type) {
	case cfa.Unary:
		if x.Op == cfa.Not {
			return atoms(x.X)
		}
	case cfa.Binary:
		switch {
		case x.Op == cfa.And || x.Op == cfa.Or:
			return append(atoms(x.X), atoms(x.Y)...)
		case x.Op.IsBool():
			return []cfa.Expr{x}
		}
	case cfa.Const:
		return nil
	}
	return []cfa.Expr{cfa.Binary{Op: cfa.Ne, X: e, Y: cfa.Const{Val: 0}}}
}

// subst replaces v by r in e.
func subst(e cfa.Expr, v *cfa.Var, r cfa.Expr) cfa.Expr {
	switch x := e.(type) {
	case cfa.Ref:
		if x.V == v {
			return r
		}
	case cfa.Unary:
		return cfa.Unary{Op: x.Op, X: subst(x.X, v, r)}
	case cfa.Binary:
		return cfa.Binary{Op: x.Op, X: subst(x.X, v, r), Y: subst(x.Y, v, r)}
	case cfa.Cond:
		return cfa.Cond{C: subst(x.C, v, r), T: subst(x.T, v, r), F: subst(x.F, v, r)}
	}
	return e
}
