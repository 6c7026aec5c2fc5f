// Package slice owns the slice of a program for one location
// (design.md, "Scale"): the program a check of that location needs. An
// edge keeps its operation when it can matter to the location: it
// accesses the location, synchronizes (a lock, a thread's creation or
// join, the lowered code of a primitive, a handler region, a variable of
// a mutex or a primitive), assigns a variable that a kept edge reads, or
// is a test that an access, a creation, a join, a lock or another such
// test is control dependent on. Every other assignment and test becomes
// a skip, and chains of skips are contracted into one location.
//
// A slice over-approximates its program. What a kept edge's way on
// depends on (a test, a havoc's bounds, a join's handle, a lock's mutex)
// and what a relevant variable is assigned (a thread's argument
// included) are computed from relevant variables, whose every
// assignment is kept; so in a run of the program they are what they are
// in the slice. An assignment kept only because it accesses the
// location may compute anything into a variable nothing kept reads. A
// dropped test only lets more runs through. Every run of the program is
// thus a run of the slice that accesses the location and synchronizes
// in the same steps: a proof of race freedom on the slice holds for the
// program. A race on the slice may be no run of the program's, and
// undefined behaviour the slice reaches may be unreachable in the
// program: the caller checks both on the program itself.
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
	params  map[*cfa.Var]*cfa.CFA // templates by their Param
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

// New prepares the slices of p, which must be finished (cfa.Program.Finish)
// and is never modified.
func New(p *cfa.Program) *Slicer {
	s := &Slicer{p: p, writers: map[*cfa.Var][]at{}, creates: map[*cfa.CFA][]at{}, params: map[*cfa.Var]*cfa.CFA{}}
	for t, c := range p.Templates {
		if c.Param != nil {
			s.params[c.Param] = c
		}
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
	r := &relevance{s: s, vars: map[*cfa.Var]bool{}, kept: map[*cfa.Edge]bool{}, guarded: map[*cfa.Edge]bool{}}
	criteria := map[*cfa.Edge]bool{}
	out := &Slice{}
	for t, c := range s.p.Templates {
		out.Edges += len(c.Edges)
		out.Locs += len(c.Locs)
		for _, e := range c.Edges {
			if keep, guarded := s.criterion(e, x); keep {
				criteria[e] = true
				r.keep(t, e, guarded)
			}
		}
	}
	r.run()
	// An assignment kept as a test's way on (control dependence) but
	// of a variable nothing kept reads does nothing the slice needs.
	ops := map[*cfa.Edge]bool{}
	for e := range r.kept {
		if criteria[e] || e.Kind != cfa.Assign && e.Kind != cfa.Havoc || r.vars[e.LHS] {
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
// finds: it accesses x, or synchronizes. guarded says whether the tests
// it is control dependent on are kept too: for an access of x and for
// what orders threads (creation, join, locks). Not for the bookkeeping
// of primitives and of interrupt enables, which would bring in the
// tests around every atomic section: done in more runs, it only lets
// more runs through.
func (s *Slicer) criterion(e *cfa.Edge, x *cfa.Var) (keep, guarded bool) {
	reads := map[*cfa.Var]bool{}
	e.ReadVars(reads)
	switch {
	case e.LHS == x && x != nil || reads[x]:
		return true, true
	case e.Kind == cfa.Create || e.Kind == cfa.Join || e.Kind == cfa.Lock || e.Kind == cfa.Unlock || e.Kind == cfa.TryLock:
		return true, true
	case e.Kind == cfa.HandlerEnter || e.Kind == cfa.HandlerExit || e.Kind == cfa.AwaitNoHandler, e.Sync != nil:
		return true, false
	case e.LHS != nil && s.syncVar(e.LHS):
		return true, false
	}
	for v := range reads {
		if s.syncVar(v) {
			return true, false
		}
	}
	return false, false
}

// syncVar reports whether v is state of a mutex or of a primitive's
// lowered code (a semaphore's count, a summary's counter), which the
// slice keeps exact. The interrupt enable is not: where it is surely
// clear the locations are atomic already, and a slice that lets a
// handler fire wherever another thread is not atomic lets more runs
// through, while keeping its every change would keep every atomic
// section's bookkeeping. A kept test that reads it still makes it
// relevant.
func (s *Slicer) syncVar(v *cfa.Var) bool {
	return (v.Kind == cfa.Mutex || v.Kind == cfa.Sync) && v != s.p.InterruptEnable
}

// relevance computes the kept edges and the variables they read: a
// worklist over edges, where keeping an edge makes the variables it
// reads relevant and, for a guarded one, keeps the tests it is control
// dependent on (themselves guarded); a variable becoming relevant keeps
// (again) every edge that assigns it, unguarded. Any choice of tests
// gives a sound slice; the guards are for precision.
type relevance struct {
	s             *Slicer
	vars          map[*cfa.Var]bool
	kept, guarded map[*cfa.Edge]bool
	work          []item
}

// item is an edge of template t to process, guarded or not.
type item struct {
	at
	guard bool
}

// keep keeps edge e of template t, and its tests if guard.
func (r *relevance) keep(t int, e *cfa.Edge, guard bool) {
	if !r.kept[e] || guard && !r.guarded[e] {
		r.kept[e] = true
		r.guarded[e] = r.guarded[e] || guard
		r.work = append(r.work, item{at{t, e}, guard})
	}
}

func (r *relevance) run() {
	for len(r.work) > 0 {
		w := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		r.process(w.t, w.e)
		if w.guard {
			c := r.s.p.Templates[w.t]
			for _, b := range r.s.deps[w.t][w.e.From] {
				for _, o := range c.Out[b] {
					r.keep(w.t, o, true)
				}
			}
		}
	}
}

// process makes what kept edge e of template t reads relevant.
func (r *relevance) process(t int, e *cfa.Edge) {
	switch e.Kind {
	case cfa.Assume:
		r.read(e.Cond)
	case cfa.Assign:
		if r.vars[e.LHS] {
			r.read(e.RHS)
		}
	case cfa.Havoc:
		// An empty range blocks: the bounds matter to the thread's
		// way on whatever it assigns.
		r.read(e.Lo)
		r.read(e.Hi)
	case cfa.Create:
		if p := e.Template.Param; p != nil && r.vars[p] {
			r.read(e.Arg)
		}
	case cfa.Join:
		r.read(e.Handle)
	case cfa.Lock, cfa.Unlock, cfa.TryLock:
		r.add(e.Mutex)
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
	if c := r.s.params[v]; c != nil {
		again = append(again[:len(again):len(again)], r.s.creates[c]...)
	}
	for _, w := range again {
		r.kept[w.e] = true
		r.work = append(r.work, item{w, false})
	}
}
