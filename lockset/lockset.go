// Package lockset is the classic static lockset check (Eraser's lockset
// discipline, as the nesC compiler and static lockset tools apply it) on
// circ's CFAs. It is the baseline that circ is compared against: fast and
// simple, and imprecise exactly where CIRC is not.
//
// For each thread template a flow-sensitive forward dataflow over its CFA
// computes, at each location, the set of locks definitely held there (the
// intersection over all paths reaching it):
//
//   - a mutex is added by Lock and removed by Unlock;
//   - TryLock: the mutex is held only on the paths that pass an
//     `assume r == 0` edge on the trylock's result r (also written `!r`,
//     `!(r != 0)`, `0 == r`, or through copies r2 := r) before r is
//     overwritten; on every other path it is treated as not held. A
//     trylock whose result is ignored therefore protects nothing.
//   - the pseudo-lock "atomic" is held at every atomic location (atomic
//     sections, `__VERIFIER_atomic_*` functions, nesC atomic: interrupts
//     disabled).
//
// Every edge that reads or writes a Data global (cfa.Edge.Reads/Writes) is
// an access, with the lockset of its source location. Two accesses conflict
// when they may come from different threads (different templates, or the
// same template when it can run more than one instance), at least one is a
// write, and their locksets are disjoint. A variable with a conflicting
// pair is reported `race`, otherwise `safe`. The check never says
// `unknown`.
//
// Like the classic tools, the check ignores thread creation and join
// ordering, with one common refinement: accesses by main before its first
// pthread_create (on every path from main's entry) run while no other
// thread exists and are not concurrent with anything. Accesses after a
// join, or by a thread before it creates others, are still considered
// concurrent. No values are tracked, so synchronization through values
// (state variables, test-and-set loops, flags, split-phase interrupt
// enabling) gives false alarms: that is the imprecision the comparison
// with circ shows. A lockset `race` is a warning, not a replayed trace.
package lockset

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"circ/cfa"
	"circ/report"
)

// Engine is the name lockset results carry in report.Result.Engine.
const Engine = "lockset"

// RaceDef is the race definition lockset results carry: a violation of
// the lockset discipline.
const RaceDef = "lockset"

// AtomicLock is the pseudo-lock held at atomic locations.
const AtomicLock = "atomic"

// Access is one access to a Data global, with the locks held.
type Access struct {
	Template *cfa.CFA
	Edge     *cfa.Edge
	Var      *cfa.Var
	Write    bool
	// Locks are the names (C names) of the locks definitely held,
	// sorted; AtomicLock when the access is at an atomic location.
	Locks []string
	// PreCreate marks an access by main before its first thread
	// creation on every path: not concurrent with any other access.
	PreCreate bool
}

// Concurrent reports whether a and b may be made by two distinct threads
// running at the same time (as far as the lockset check knows).
func Concurrent(a, b *Access) bool {
	if a.PreCreate || b.PreCreate {
		return false
	}
	if a.Template != b.Template {
		return true
	}
	m := a.Template.Mult
	return m.Unbounded || m.Count > 1
}

// Conflict reports whether a and b violate the lockset discipline:
// concurrent, at least one a write, and no lock in common.
func Conflict(a, b *Access) bool {
	if !(a.Write || b.Write) || !Concurrent(a, b) {
		return false
	}
	for _, l := range a.Locks {
		for _, m := range b.Locks {
			if l == m {
				return false
			}
		}
	}
	return true
}

// Kind is "write" or "read".
func (a *Access) Kind() string {
	if a.Write {
		return "write"
	}
	return "read"
}

// String describes the access: "worker at f.c:12:5 writes x holding {m}".
func (a *Access) String() string {
	pre := ""
	if a.PreCreate {
		pre = " (before any thread is created)"
	}
	return fmt.Sprintf("%s at %s %s %s holding {%s}%s", a.Template.Name, a.Edge.Pos, a.Kind()+"s", varName(a.Var), strings.Join(a.Locks, ", "), pre)
}

// Analysis is the result of the dataflow over every template.
type Analysis struct {
	Program *cfa.Program
	// Held[t][l] is the set of locks definitely held at location l of
	// template t (nil: l unreachable), atomic pseudo-lock included.
	Held [][][]string
	// Accesses lists every access to a Data global at a reachable
	// location, template by template, in edge order.
	Accesses []*Access
	// Elapsed is the time the dataflow took.
	Elapsed time.Duration
}

// Analyze runs the lockset dataflow on every template of p.
func Analyze(p *cfa.Program) *Analysis {
	start := time.Now()
	a := &Analysis{Program: p, Held: make([][][]string, len(p.Templates))}
	for i, c := range p.Templates {
		states := flow(c)
		preCreate := []bool(nil)
		if i == 0 {
			preCreate = beforeCreate(c)
		}
		a.Held[i] = make([][]string, len(c.Locs))
		for l, s := range states {
			if s != nil {
				a.Held[i][l] = s.names(c.Locs[l].Atomic)
			}
		}
		for _, e := range c.Edges {
			locks := a.Held[i][e.From]
			if states[e.From] == nil {
				continue // unreachable
			}
			pre := preCreate != nil && preCreate[e.From]
			for _, v := range e.Writes {
				a.Accesses = append(a.Accesses, &Access{Template: c, Edge: e, Var: v, Write: true, Locks: locks, PreCreate: pre})
			}
			for _, v := range e.Reads {
				if acc, w := e.Accesses(v); acc && w {
					continue // read and written by one edge: one write access
				}
				a.Accesses = append(a.Accesses, &Access{Template: c, Edge: e, Var: v, Locks: locks, PreCreate: pre})
			}
		}
	}
	a.Elapsed = time.Since(start)
	return a
}

// Of returns the accesses to v.
func (a *Analysis) Of(v *cfa.Var) []*Access {
	var out []*Access
	for _, acc := range a.Accesses {
		if acc.Var == v {
			out = append(out, acc)
		}
	}
	return out
}

// Check gives the lockset verdict on v: the first conflicting pair (in
// access order, writes of the earlier access first) or safe.
func (a *Analysis) Check(v *cfa.Var) report.Result {
	start := time.Now()
	res := report.Result{Variable: varName(v), Engine: Engine, RaceDef: RaceDef}
	accs := a.Of(v)
	for i, x := range accs {
		for _, y := range accs[i:] {
			if Conflict(x, y) {
				res.Verdict = report.Race
				first, second := x, y
				if !first.Write {
					first, second = second, first
				}
				other := second.String()
				if first.Template == second.Template {
					other = "another " + other
				}
				res.Reason = fmt.Sprintf("%s ; %s (lockset warning, not a replayed trace)", first, other)
				res.Seconds = (a.Elapsed + time.Since(start)).Seconds()
				return res
			}
		}
	}
	res.Verdict = report.Safe
	concurrent := 0
	for _, x := range accs {
		if !x.PreCreate {
			concurrent++
		}
	}
	switch {
	case len(accs) == 0:
		res.Reason = "lockset: no access to " + res.Variable
	case !hasConcurrentPair(accs):
		res.Reason = fmt.Sprintf("lockset: the %d accesses cannot come from two concurrent threads", len(accs))
	default:
		res.Reason = fmt.Sprintf("lockset: every pair of concurrent accesses with a write shares a lock (%d accesses, %d after thread creation)", len(accs), concurrent)
	}
	res.Seconds = (a.Elapsed + time.Since(start)).Seconds()
	return res
}

func hasConcurrentPair(accs []*Access) bool {
	for i, x := range accs {
		for _, y := range accs[i:] {
			if Concurrent(x, y) && (x.Write || y.Write) {
				return true
			}
		}
	}
	return false
}

// Check runs the lockset check on p for each variable of vars (nil: every
// shared Data global, p.SharedData()).
func Check(p *cfa.Program, vars []*cfa.Var) []report.Result {
	if vars == nil {
		vars = p.SharedData()
	}
	a := Analyze(p)
	out := make([]report.Result, len(vars))
	for i, v := range vars {
		out[i] = a.Check(v)
	}
	return out
}

func varName(v *cfa.Var) string {
	if v.CName != "" {
		return v.CName
	}
	return v.Name
}

// state is the dataflow fact at a location: the mutexes definitely held,
// and the trylock results r whose zero value means "mutex acquired"
// (pending[r] = mutexes), definitely on every path.
type state struct {
	held    map[*cfa.Var]bool
	pending map[*cfa.Var]map[*cfa.Var]bool
}

func (s *state) clone() *state {
	t := &state{held: map[*cfa.Var]bool{}, pending: map[*cfa.Var]map[*cfa.Var]bool{}}
	for m := range s.held {
		t.held[m] = true
	}
	for r, ms := range s.pending {
		t.pending[r] = map[*cfa.Var]bool{}
		for m := range ms {
			t.pending[r][m] = true
		}
	}
	return t
}

// meet intersects s with t in place and reports whether s changed.
func (s *state) meet(t *state) bool {
	changed := false
	for m := range s.held {
		if !t.held[m] {
			delete(s.held, m)
			changed = true
		}
	}
	for r, ms := range s.pending {
		for m := range ms {
			if !t.pending[r][m] {
				delete(ms, m)
				changed = true
			}
		}
		if len(ms) == 0 {
			delete(s.pending, r)
		}
	}
	return changed
}

func (s *state) names(atomic bool) []string {
	out := []string{}
	for m := range s.held {
		out = append(out, varName(m))
	}
	if atomic {
		out = append(out, AtomicLock)
	}
	sort.Strings(out)
	return out
}

// post is the transfer function of e.
func post(s *state, e *cfa.Edge) *state {
	t := s.clone()
	switch e.Kind {
	case cfa.Lock:
		t.held[e.Mutex] = true
		t.dropMutex(e.Mutex)
	case cfa.Unlock:
		delete(t.held, e.Mutex)
		t.dropMutex(e.Mutex)
	case cfa.TryLock:
		delete(t.pending, e.LHS)
		if !t.held[e.Mutex] {
			t.pending[e.LHS] = map[*cfa.Var]bool{e.Mutex: true}
		}
	case cfa.Assign:
		var copied map[*cfa.Var]bool
		if r, ok := e.RHS.(cfa.Ref); ok && len(s.pending[r.V]) > 0 {
			copied = map[*cfa.Var]bool{}
			for m := range s.pending[r.V] {
				copied[m] = true
			}
		}
		delete(t.pending, e.LHS)
		if copied != nil {
			t.pending[e.LHS] = copied
		}
	case cfa.Havoc, cfa.Create:
		if e.LHS != nil {
			delete(t.pending, e.LHS)
		}
	case cfa.Assume:
		for _, r := range zeroVars(e.Cond) {
			for m := range t.pending[r] {
				t.held[m] = true
			}
		}
	}
	return t
}

// dropMutex forgets pending trylocks of m once m is locked or unlocked
// explicitly.
func (s *state) dropMutex(m *cfa.Var) {
	for r, ms := range s.pending {
		delete(ms, m)
		if len(ms) == 0 {
			delete(s.pending, r)
		}
	}
}

// zeroVars returns the variables that cond forces to be 0: r == 0,
// 0 == r, !r, !(r != 0), and conjunctions of those.
func zeroVars(cond cfa.Expr) []*cfa.Var {
	switch c := cond.(type) {
	case cfa.Binary:
		switch c.Op {
		case cfa.Eq:
			if r, ok := c.X.(cfa.Ref); ok && isZero(c.Y) {
				return []*cfa.Var{r.V}
			}
			if r, ok := c.Y.(cfa.Ref); ok && isZero(c.X) {
				return []*cfa.Var{r.V}
			}
		case cfa.And:
			return append(zeroVars(c.X), zeroVars(c.Y)...)
		}
	case cfa.Unary:
		if c.Op != cfa.Not {
			return nil
		}
		switch x := c.X.(type) {
		case cfa.Ref:
			return []*cfa.Var{x.V}
		case cfa.Binary:
			if x.Op == cfa.Ne {
				return zeroVars(cfa.Binary{Op: cfa.Eq, X: x.X, Y: x.Y})
			}
		}
	}
	return nil
}

func isZero(e cfa.Expr) bool {
	c, ok := e.(cfa.Const)
	return ok && c.Val == 0
}

// flow computes the must-lockset state at every location of c (nil:
// unreachable) by a worklist iteration to the greatest fixpoint.
func flow(c *cfa.CFA) []*state {
	states := make([]*state, len(c.Locs))
	states[c.Entry] = &state{held: map[*cfa.Var]bool{}, pending: map[*cfa.Var]map[*cfa.Var]bool{}}
	work := []int{c.Entry}
	queued := make([]bool, len(c.Locs))
	queued[c.Entry] = true
	for len(work) > 0 {
		l := work[0]
		work = work[1:]
		queued[l] = false
		for _, e := range c.Out[l] {
			t := post(states[l], e)
			switch {
			case states[e.To] == nil:
				states[e.To] = t
			case !states[e.To].meet(t):
				continue
			}
			if !queued[e.To] {
				queued[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	return states
}

// beforeCreate marks the locations of c that no path from the entry
// reaches through a Create edge.
func beforeCreate(c *cfa.CFA) []bool {
	after := make([]bool, len(c.Locs))
	var stack []int
	for _, e := range c.Edges {
		if e.Kind == cfa.Create && !after[e.To] {
			after[e.To] = true
			stack = append(stack, e.To)
		}
	}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range c.Out[l] {
			if !after[e.To] {
				after[e.To] = true
				stack = append(stack, e.To)
			}
		}
	}
	// A create edge is only "taken" if its source is reachable; an
	// unreachable create cannot make anything concurrent, but marking
	// its successors is harmless (an over-approximation).
	pre := make([]bool, len(c.Locs))
	for l := range pre {
		pre[l] = !after[l]
	}
	return pre
}
