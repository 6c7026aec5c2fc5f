package cfront

import (
	"slices"

	"circ/cfa"
)

// This file lowers what a thread does with thread ids: pthread_self,
// joins (with the errors glibc returns at once: EDEADLK for a thread
// joining itself, ESRCH for a handle that names no thread), detach and
// pthread_equal. Creation is in call.go.

// self returns the template's Self variable, creating it.
func (t *tb) self() *cfa.Var {
	if t.c.Self == nil {
		t.c.Self = &cfa.Var{Name: t.b.unique(t.c.Name + "::self"), Kind: cfa.Handle, CName: "pthread_self()", Frame: -1, Pos: t.c.Pos}
		t.c.Locals = append(t.c.Locals, t.c.Self)
	}
	return t.c.Self
}

// selfJoin lowers a join of the thread whose id is h, with glibc's
// outcomes: a thread that joins itself gets EDEADLK (thrd_error) at
// once; a handle that names no thread (0, never set by a creation)
// gets ESRCH at once, and the joiner goes on; any other waits. The
// tests of h against the joiner's own id and against 0 are dropped
// after lowering where h can never hold that value (resolveSelfJoins).
// A join of an untracked handle (an instance of a summary circ does
// not track) waits for no thread, and a trace through it is no
// evidence.
func (t *tb) selfJoin(handle cfa.Expr, untracked bool, res *cfa.Var, c11 bool, p cfa.Pos) {
	deadlk, srch, ok := int64(cfa.EDEADLK), int64(cfa.ESRCH), int64(0)
	if c11 {
		deadlk, srch, ok = thrdError, thrdError, thrdSuccess
	}
	// The call reads the handle once: a global one is copied into a
	// handle temporary, which the driver maps like the variable.
	h := handle
	if readsGlobal(h) {
		tmp := t.newVar(nil, "handle", cfa.Handle, nil).v
		t.b.stable[tmp] = true
		t.b.handleCopies[tmp] = true
		t.set(tmp, h, p)
		h = ref(tmp)
	}
	sj := selfJoinTest{tmpl: t.c, h: handle, self: mkBin(cfa.Eq, h, ref(t.self()))}
	last := func() *cfa.Edge { return t.c.Edges[len(t.c.Edges)-1] }
	arms := []arm{
		{cond: sj.self, body: func() { sj.is = last(); t.setIf(res, num(deadlk), p) }},
		{cond: mkBin(cfa.And, mkUn(cfa.Not, sj.self), mkBin(cfa.Ne, h, num(0))), body: func() {
			sj.waits = last()
			t.add(&cfa.Edge{Kind: cfa.Join, Handle: h, Pos: p, Untracked: untracked})
			t.setIf(res, num(ok), p)
		}},
	}
	if untracked {
		arms[1].cond = mkUn(cfa.Not, sj.self)
	} else {
		sj.none = mkBin(cfa.Eq, h, num(0))
		arms = append(arms, arm{cond: sj.none, body: func() { sj.isNone = last(); t.setIf(res, num(srch), p) }})
	}
	t.choose(p, arms...)
	t.b.selfJoins = append(t.b.selfJoins, &sj)
}

// selfJoinTest is a join's branch on its handle h: the tests against
// the joiner's own id and against 0 (nil for an untracked handle), and
// the assume edges that start each outcome (nil: never taken).
type selfJoinTest struct {
	tmpl              *cfa.CFA
	h                 cfa.Expr
	self, none        cfa.Expr
	is, isNone, waits *cfa.Edge
}

// resolveSelfJoins drops the branches of joins that can never be taken:
// the self-join branch where the handle is a variable that only
// pthread_create of other templates writes (it holds the id of a thread
// another thread created, never the joiner's own), and the no-thread
// branch where the handle is certainly set (handleWrites.setAt).
func (b *builder) resolveSelfJoins() {
	hw := b.handleWrites()
	for _, sj := range b.selfJoins {
		r, isRef := sj.h.(cfa.Ref)
		var keep []cfa.Expr
		var drop []*cfa.Edge
		if isRef && (r.V.Global || r.V.Kind == cfa.Handle) && !hw.other[r.V] && !hw.creators[r.V][sj.tmpl] {
			drop = append(drop, sj.is)
		} else {
			keep = append(keep, mkUn(cfa.Not, sj.self))
		}
		if sj.none != nil {
			if isRef && sj.waits != nil && hw.setAt(r.V, sj.tmpl, sj.waits.From) {
				drop = append(drop, sj.isNone)
			} else {
				keep = append(keep, mkUn(cfa.Not, sj.none))
				b.seed(sj.tmpl, sj.none)
				if isRef {
					b.seed(sj.tmpl, mkBin(cfa.Eq, sj.h, num(0)))
				}
			}
		}
		if len(drop) == 0 || sj.waits == nil {
			continue
		}
		if len(keep) == 0 {
			sj.waits.Kind, sj.waits.Cond = cfa.Skip, nil
		} else {
			sj.waits.Cond = keep[0]
			for _, k := range keep[1:] {
				sj.waits.Cond = mkBin(cfa.And, sj.waits.Cond, k)
			}
		}
		edges := sj.tmpl.Edges[:0]
		for _, e := range sj.tmpl.Edges {
			if !slices.Contains(drop, e) {
				edges = append(edges, e)
			}
		}
		sj.tmpl.Edges = edges
	}
}

// seed adds predicate e, over the globals and the locals of c, to the
// program's seeds once.
func (b *builder) seed(c *cfa.CFA, e cfa.Expr) {
	sd := cfa.Seed{E: e, Template: -1}
	vs := map[*cfa.Var]bool{}
	cfa.Vars(e, vs)
	for v := range vs {
		if !v.Global {
			sd.Template = c.Index
		}
	}
	for _, o := range b.prog.Seeds {
		if o.Template == sd.Template && o.E.String() == e.String() {
			return
		}
	}
	b.prog.Seeds = append(b.prog.Seeds, sd)
}

// handleWrites is what the program stores into thread handles.
type handleWrites struct {
	p *cfa.Program
	// creators are the templates whose creations store into each
	// handle; other marks the handles something else writes, and
	// nonzeroOnly those whose every write stores a thread id (a
	// creation, or a copy of a thread's own id).
	creators    map[*cfa.Var]map[*cfa.CFA]bool
	other       map[*cfa.Var]bool
	nonzeroOnly map[*cfa.Var]bool
	// creations are the creation edges of each template, and creator
	// the template each creation edge belongs to.
	creations map[*cfa.CFA][]*cfa.Edge
	creator   map[*cfa.Edge]*cfa.CFA
	out       map[*cfa.CFA]map[int][]*cfa.Edge
}

func (b *builder) handleWrites() *handleWrites {
	hw := &handleWrites{p: b.prog, creators: map[*cfa.Var]map[*cfa.CFA]bool{}, other: map[*cfa.Var]bool{},
		nonzeroOnly: map[*cfa.Var]bool{}, creations: map[*cfa.CFA][]*cfa.Edge{}, creator: map[*cfa.Edge]*cfa.CFA{},
		out: map[*cfa.CFA]map[int][]*cfa.Edge{}}
	selfs := map[*cfa.Var]bool{}
	for _, c := range b.prog.Templates {
		if c.Self != nil {
			selfs[c.Self] = true
		}
	}
	notNonzero := map[*cfa.Var]bool{}
	for _, c := range b.prog.Templates {
		hw.out[c] = map[int][]*cfa.Edge{}
		for _, e := range c.Edges {
			hw.out[c][e.From] = append(hw.out[c][e.From], e)
			if e.Kind == cfa.Create {
				hw.creations[e.Template] = append(hw.creations[e.Template], e)
				hw.creator[e] = c
			}
			switch {
			case e.LHS == nil || b.handleCopies[e.LHS]:
			case e.Kind == cfa.Create:
				if hw.creators[e.LHS] == nil {
					hw.creators[e.LHS] = map[*cfa.CFA]bool{}
				}
				hw.creators[e.LHS][e.Template] = true
				hw.nonzeroOnly[e.LHS] = true
			default:
				hw.other[e.LHS] = true
				if r, ok := e.RHS.(cfa.Ref); ok && e.Kind == cfa.Assign && selfs[r.V] {
					hw.nonzeroOnly[e.LHS] = true
				} else {
					notNonzero[e.LHS] = true
				}
			}
		}
	}
	for v := range notNonzero {
		delete(hw.nonzeroOnly, v)
	}
	return hw
}

// setAt reports whether handle v certainly names a thread when template
// c is at location at. Only thread ids are ever stored into v, and v
// starts at 0, so once set it stays set: it is set at a location if
// every path of c to it stores into v, or if v was set already at every
// creation of c (main, which nothing creates, starts with v unset).
func (hw *handleWrites) setAt(v *cfa.Var, c *cfa.CFA, at int) bool {
	if !hw.nonzeroOnly[v] || v.Init != 0 {
		return false
	}
	visiting := map[*cfa.CFA]bool{}
	var set func(c *cfa.CFA, at int) bool
	set = func(c *cfa.CFA, at int) bool {
		if storesOnEveryPath(c, hw.out[c], v, at) {
			return true
		}
		if c == hw.p.Main() || len(hw.creations[c]) == 0 || visiting[c] {
			return false
		}
		visiting[c] = true
		defer delete(visiting, c)
		for _, cr := range hw.creations[c] {
			if !set(hw.creator[cr], cr.From) {
				return false
			}
		}
		return true
	}
	return set(c, at)
}

// storesOnEveryPath reports whether every path of c from its entry to
// location at takes an edge that stores into v (out: c's edges by
// source).
func storesOnEveryPath(c *cfa.CFA, out map[int][]*cfa.Edge, v *cfa.Var, at int) bool {
	seen := map[int]bool{c.Entry: true}
	work := []int{c.Entry}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if l == at {
			return false
		}
		for _, e := range out[l] {
			if e.LHS != v && !seen[e.To] {
				seen[e.To] = true
				work = append(work, e.To)
			}
		}
	}
	return true
}

// lowerDetach reads the handle (detach needs nothing else from it, but
// the read can race with a store) and returns what glibc does: ESRCH
// (thrd_error) for a handle that names no thread, else success.
func lowerDetach(c *pcall) {
	h := c.t.newVar(nil, "tmp", cfa.Handle, c.as[0].Type())
	c.t.set(h.v, c.t.handleValue(c.as[0]), c.p)
	if c.res == nil {
		return
	}
	srch, ok := num(cfa.ESRCH), num(0)
	if c.name == "thrd_detach" {
		srch, ok = num(thrdError), num(thrdSuccess)
	}
	c.t.setIf(c.res, cfa.Cond{C: mkBin(cfa.Eq, ref(h.v), num(0)), T: srch, F: ok}, c.p)
}

func lowerEqual(c *pcall) {
	a := c.t.handleValue(c.as[0])
	b := c.t.handleValue(c.as[1])
	c.ret(mkBin(cfa.Eq, a, b))
}
