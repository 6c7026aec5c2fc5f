// Package slice owns the slice of a program for one location
// (design.md, "Scale"): the program a check of that location needs. An
// edge keeps its operation when it can matter to the location: it
// accesses the location, synchronizes (a lock, a thread's creation or
// join, the lowered code of a primitive, a handler region, a variable of
// a mutex or a primitive), assigns a variable that a kept edge reads, or
// is a test that a kept edge is control dependent on. Every other
// assignment and test becomes a skip, and chains of skips are
// contracted into one location.
//
// A slice over-approximates its program. The kept edges read only
// variables whose every assignment is kept, so in a run of the program
// they compute what they compute in the slice; a dropped test only lets
// more runs through. Every run of the program is thus a run of the
// slice that accesses the location and synchronizes in the same steps:
// a proof of race freedom on the slice holds for the program. A race on
// the slice may be no run of the program's, and undefined behaviour the
// slice reaches may be unreachable in the program: the caller checks
// both on the program itself.
package slice

import (
	"circ/cfa"
)

// Slicer slices one program, for one location at a time. What does not
// depend on the location (control dependence, who writes each variable)
// is computed once, by New; For may be called from several goroutines.
type Slicer struct {
	p *cfa.Program
	// deps[t][l] are the branch locations that location l of template
	// t is control dependent on.
	deps [][][]int
	// writers are the edges that assign each variable, and creates the
	// edges that create each template (and assign its Param).
	writers map[*cfa.Var][]at
	creates map[*cfa.CFA][]at
}

// at is an edge of template t.
type at struct {
	t int
	e *cfa.Edge
}

// Slice is the slice of a program for one location.
type Slice struct {
	Prog *cfa.Program
	// Kept counts the edges of the program that keep their operation;
	// Edges and Locs count the program's edges and locations, SlicedLocs
	// the slice's locations after contraction.
	Kept, Edges, Locs, SlicedLocs int
}

// Smaller reports whether the slice dropped anything.
func (s *Slice) Smaller() bool { return s.Kept < s.Edges }

// New prepares the slices of p, which must be finished (cfa.Program.Finish)
// and is never modified.
func New(p *cfa.Program) *Slicer {
	s := &Slicer{p: p, writers: map[*cfa.Var][]at{}, creates: map[*cfa.CFA][]at{}}
	for t, c := range p.Templates {
		s.deps = append(s.deps, controlDeps(c))
		for _, e := range c.Edges {
			switch e.Kind {
			case cfa.Assign, cfa.Havoc, cfa.TryLock:
				s.writers[e.LHS] = append(s.writers[e.LHS], at{t, e})
			case cfa.Create:
				if e.LHS != nil {
					s.writers[e.LHS] = append(s.writers[e.LHS], at{t, e})
				}
				s.creates[e.Template] = append(s.creates[e.Template], at{t, e})
			}
		}
	}
	return s
}

// For returns the slice of the program for location x.
func (s *Slicer) For(x *cfa.Var) *Slice {
	r := &relevance{s: s, vars: map[*cfa.Var]bool{}, kept: map[*cfa.Edge]bool{}}
	params := map[*cfa.Var]*cfa.CFA{}
	for _, c := range s.p.Templates {
		if c.Param != nil {
			params[c.Param] = c
		}
	}
	r.params = params
	out := &Slice{}
	for t, c := range s.p.Templates {
		out.Edges += len(c.Edges)
		out.Locs += len(c.Locs)
		for _, e := range c.Edges {
			if criterion(e, x) {
				r.keep(t, e)
			}
		}
	}
	r.run()
	// An assignment kept as a test's way on (control dependence) but
	// of a variable nothing kept reads does nothing the slice needs.
	ops := map[*cfa.Edge]bool{}
	for e := range r.kept {
		if e.Kind != cfa.Assign && e.Kind != cfa.Havoc || r.vars[e.LHS] || criterion(e, x) {
			ops[e] = true
		}
	}
	out.Kept = len(ops)
	out.Prog = s.build(ops)
	for _, c := range out.Prog.Templates {
		out.SlicedLocs += len(c.Locs)
	}
	return out
}

// criterion reports whether e keeps its operation whatever the slice
// finds: it accesses x, or synchronizes.
func criterion(e *cfa.Edge, x *cfa.Var) bool {
	switch e.Kind {
	case cfa.Create, cfa.Join, cfa.Lock, cfa.Unlock, cfa.TryLock, cfa.HandlerEnter, cfa.HandlerExit, cfa.AwaitNoHandler:
		return true
	}
	if e.Sync != nil || e.LHS != nil && (e.LHS == x || syncVar(e.LHS)) {
		return true
	}
	reads := map[*cfa.Var]bool{}
	e.ReadVars(reads)
	if reads[x] {
		return true
	}
	for v := range reads {
		if syncVar(v) {
			return true
		}
	}
	return false
}

// syncVar reports whether v is state of a mutex or of a primitive's
// lowered code (a semaphore's count, a summary's counter), which the
// slice keeps exact.
func syncVar(v *cfa.Var) bool { return v.Kind == cfa.Mutex || v.Kind == cfa.Sync }

// relevance computes the kept edges and the variables they read: a
// worklist over edges, where keeping an edge makes the variables it
// reads relevant, keeps the tests it is control dependent on, and a
// variable becoming relevant keeps (again) every edge that assigns it.
type relevance struct {
	s      *Slicer
	vars   map[*cfa.Var]bool
	kept   map[*cfa.Edge]bool
	params map[*cfa.Var]*cfa.CFA // templates by their Param
	work   []at
}

func (r *relevance) keep(t int, e *cfa.Edge) {
	if !r.kept[e] {
		r.kept[e] = true
		r.work = append(r.work, at{t, e})
	}
}

func (r *relevance) run() {
	for len(r.work) > 0 {
		w := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		r.process(w.t, w.e)
	}
}

// process makes what kept edge e of template t needs relevant.
func (r *relevance) process(t int, e *cfa.Edge) {
	switch e.Kind {
	case cfa.Assume:
		r.read(e.Cond)
	case cfa.Assign:
		if r.vars[e.LHS] {
			r.read(e.RHS)
		}
	case cfa.Havoc:
		if r.vars[e.LHS] {
			r.read(e.Lo)
			r.read(e.Hi)
		}
	case cfa.Create:
		if p := e.Template.Param; p != nil && r.vars[p] {
			r.read(e.Arg)
		}
	case cfa.Join:
		r.read(e.Handle)
	case cfa.Lock, cfa.Unlock, cfa.TryLock:
		r.add(e.Mutex)
	}
	c := r.s.p.Templates[t]
	for _, b := range r.s.deps[t][e.From] {
		for _, o := range c.Out[b] {
			r.keep(t, o)
		}
	}
}

func (r *relevance) read(x cfa.Expr) {
	if x == nil {
		return
	}
	vs := map[*cfa.Var]bool{}
	cfa.Vars(x, vs)
	for v := range vs {
		r.add(v)
	}
}

// add makes v relevant: every edge that assigns it keeps its operation,
// and is processed again if it was kept before, for what it reads.
func (r *relevance) add(v *cfa.Var) {
	if v == nil || r.vars[v] {
		return
	}
	r.vars[v] = true
	again := r.s.writers[v]
	if c := r.params[v]; c != nil {
		again = append(again[:len(again):len(again)], r.s.creates[c]...)
	}
	for _, w := range again {
		r.kept[w.e] = true
		r.work = append(r.work, w)
	}
}
