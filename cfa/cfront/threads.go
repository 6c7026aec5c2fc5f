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
			if untracked {
				t.add(&cfa.Edge{Kind: cfa.Join, Handle: h, Pos: p, Untracked: true})
			} else {
				t.reap(handle, nil, p, func() { t.add(&cfa.Edge{Kind: cfa.Join, Handle: h, Pos: p}) })
			}
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

// A thread's reap flag (resolveReaps) says how far it is from joinable:
// claimed by a join that waits for it (glibc's pd->joinid), detached, or
// joined.
const (
	reapJoining  = 1
	reapDetached = 2
	reapJoined   = 3
)

// reap lowers the step that ends the joinability of the thread whose id
// is handle: a join (then step adds the Join edge) or a detach (where
// names, when not nil, is the test that handle names a thread at all).
// POSIX makes a step on a thread no longer joinable undefined (a second
// join, a join of a detached thread, a detach of a joined or detached
// one; glibc returns EINVAL or ESRCH, or waits for a thread that reused
// the descriptor): the step tests its thread's flag and is an undefined
// arm where the thread is not joinable. A join claims the thread in one
// atomic step with its test, before it waits, as glibc does, so a second
// join meanwhile is undefined too; a detach meanwhile returns 0 and does
// nothing (glibc). The flag is a placeholder until resolveReaps binds it
// to its thread's flag or drops the test.
func (t *tb) reap(handle, names cfa.Expr, p cfa.Pos, step func()) {
	s := &reapSite{tmpl: t.c, h: handle, flag: &cfa.Var{Name: "reaped?", Kind: cfa.Sync, Global: true}, test: names}
	last := func() *cfa.Edge { return t.c.Edges[len(t.c.Edges)-1] }
	flag := ref(s.flag)
	what, ok, bad := "pthread_join", mkBin(cfa.Eq, flag, num(0)), mkBin(cfa.Ne, flag, num(0))
	claim := func() { t.set(s.flag, num(reapJoining), p) }
	if step == nil {
		what, ok, bad = "pthread_detach", mkBin(cfa.Lt, flag, num(reapDetached)), mkBin(cfa.Ge, flag, num(reapDetached))
		claim = func() {
			t.set(s.flag, cfa.Cond{C: mkBin(cfa.Eq, flag, num(0)), T: num(reapDetached), F: flag}, p)
		}
	}
	if names != nil {
		ok, bad = mkBin(cfa.And, names, ok), mkBin(cfa.And, names, bad)
	}
	arms := []arm{
		{cond: bad, body: func() {
			s.undefined = []*cfa.Edge{last()}
			t.undefined(p, what+" of a thread that was joined or detached before")
			s.undefined = append(s.undefined, last())
		}},
		{cond: ok, atomic: true, body: func() {
			s.fresh = last()
			claim()
			s.sets = append(s.sets, last())
		}, after: func() {
			if step != nil {
				step()
				t.set(s.flag, num(reapJoined), p)
				s.sets = append(s.sets, last())
			}
		}},
	}
	if names != nil {
		arms = append(arms, arm{cond: mkUn(cfa.Not, names)})
	}
	t.choose(p, arms...)
	t.b.reaps = append(t.b.reaps, s)
}

// reapSite is a join or detach as reap lowered it: the undefined arm
// (its assume and its stop), the other arm's assume and the store into
// the placeholder flag.
type reapSite struct {
	tmpl      *cfa.CFA
	h, test   cfa.Expr // test: that h names a thread (nil: always)
	flag      *cfa.Var
	undefined []*cfa.Edge
	fresh     *cfa.Edge
	sets      []*cfa.Edge // the stores into the flag
	// names are the templates h may name, nil when circ cannot tell;
	// v is h's variable when only creations write it.
	names map[*cfa.CFA]bool
	v     *cfa.Var
}

// resolveReaps binds each reap site's flag where it is needed and can
// be exact, and drops the check elsewhere. A thread is named at a site
// by a handle variable that only creations store into (its flag is the
// variable's, cleared by each creation into it, so it follows whichever
// thread the variable names), or by its own id (pthread_self). A
// template that runs at most once (one creation, off every cycle, by a
// template that runs at most once) has one flag for all its sites
// instead, exact whatever copies of its id the program makes. A flag is
// needed where two sites may name one thread, or one site may run
// twice. Where circ cannot tell which thread a site names (a copied
// handle; a thread's own id when more than one thread runs its code),
// a flag elsewhere could miss that site's step: no flag is bound that
// such a site may concern, and the sites are approximations the report
// lists.
func (b *builder) resolveReaps(hw *handleWrites) {
	selfOf := map[*cfa.Var]*cfa.CFA{}
	for _, c := range b.prog.Templates {
		if c.Self != nil {
			selfOf[c.Self] = c
		}
	}
	type use struct {
		sites int
		twice bool // a site on a cycle
	}
	byVar, byTmpl := map[*cfa.Var]*use{}, map[*cfa.CFA]*use{}
	// mixed: templates some site names among others; self: templates
	// some site names by a thread's own id; unresolved: a site may name
	// any thread.
	mixed, self := map[*cfa.CFA]bool{}, map[*cfa.CFA]bool{}
	unresolved := false
	count := func(u *use, cyc bool) *use {
		if u == nil {
			u = &use{}
		}
		u.sites++
		u.twice = u.twice || cyc
		return u
	}
	live := b.reaps[:0]
	for _, s := range b.reaps {
		if s.undefined == nil || s.fresh == nil {
			continue // the handle never names a thread: both arms are dead
		}
		live = append(live, s)
		cyc := onCycle(hw.out[s.tmpl], s.fresh)
		s.names, s.v = hw.names(s.h, selfOf)
		if s.names == nil {
			unresolved = true
			continue
		}
		if s.v != nil {
			byVar[s.v] = count(byVar[s.v], cyc)
		}
		for c := range s.names {
			byTmpl[c] = count(byTmpl[c], cyc)
			mixed[c] = mixed[c] || len(s.names) > 1
			self[c] = self[c] || s.v == nil
		}
	}
	needed := func(u *use) bool { return u != nil && (u.sites >= 2 || u.twice) }
	tmplFlags, varFlags := map[*cfa.CFA]*cfa.Var{}, map[*cfa.Var]*cfa.Var{}
	for _, s := range live {
		var flag *cfa.Var
		var only *cfa.CFA
		for c := range s.names {
			only = c
		}
		// exact: a flag would see every step on the threads the site
		// names.
		exact := false
		switch {
		case unresolved:
		case len(s.names) == 1 && hw.once(only) && !mixed[only]:
			exact = true
			if needed(byTmpl[only]) {
				if tmplFlags[only] == nil {
					tmplFlags[only] = b.reapFlag(only.Name+"::reaped", "joined or detached("+only.Name+")", only.Pos, true, nil)
				}
				flag = tmplFlags[only]
			}
		case s.v != nil && !anyOf(s.names, self):
			exact = true
			if needed(byVar[s.v]) {
				if varFlags[s.v] == nil {
					varFlags[s.v] = b.reapFlag(s.v.Name+".reaped", "joined or detached("+s.v.CName+")", s.v.Pos, s.v.Global, s.tmpl)
					for _, cr := range hw.stores[s.v] {
						insertBefore(hw.creator[cr], cr, &cfa.Edge{Kind: cfa.Assign, LHS: varFlags[s.v], RHS: num(0), Pos: cr.Pos})
					}
				}
				flag = varFlags[s.v]
			}
		}
		if flag == nil {
			b.dropReapCheck(s, !exact && (unresolved && len(live) >= 2 || anyNeeded(s.names, byTmpl, needed)))
			continue
		}
		b.seed(s.tmpl, mkBin(cfa.Eq, ref(flag), num(0)))
		to := func(v *cfa.Var) *cfa.Var {
			if v == s.flag {
				return flag
			}
			return v
		}
		s.undefined[0].Cond = cfa.Substitute(s.undefined[0].Cond, to)
		s.fresh.Cond = cfa.Substitute(s.fresh.Cond, to)
		for _, e := range s.sets {
			e.LHS, e.RHS = flag, cfa.Substitute(e.RHS, to)
		}
	}
}

// anyNeeded reports whether some template of set has a use that needs
// a flag.
func anyNeeded[U any](set map[*cfa.CFA]bool, uses map[*cfa.CFA]U, needed func(U) bool) bool {
	for c := range set {
		if needed(uses[c]) {
			return true
		}
	}
	return false
}

// anyOf reports whether some template of set is marked.
func anyOf(set, marked map[*cfa.CFA]bool) bool {
	for c := range set {
		if marked[c] {
			return true
		}
	}
	return false
}

// reapFlag creates a reap flag: a global, or a local of template owner.
func (b *builder) reapFlag(name, cname string, p cfa.Pos, global bool, owner *cfa.CFA) *cfa.Var {
	v := &cfa.Var{Name: b.unique(name), Global: global, Kind: cfa.Sync, CName: cname, Pos: p, Frame: -1}
	if global {
		b.prog.Globals = append(b.prog.Globals, v)
	} else {
		owner.Locals = append(owner.Locals, v)
	}
	return v
}

// insertBefore makes e's source reach e through a new location and
// edge pre.
func insertBefore(c *cfa.CFA, e, pre *cfa.Edge) {
	l := c.NewLoc(c.Locs[e.From].Atomic, e.Pos)
	pre.From, pre.To, e.From = e.From, l, l
	c.Edges = append(c.Edges, pre)
}

// dropReapCheck removes a reap site's check: the undefined arm goes, the
// other arm keeps only the test that the handle names a thread.
func (b *builder) dropReapCheck(s *reapSite, approx bool) {
	dropEdges(s.tmpl, s.undefined...)
	if approx {
		s.fresh.Approx, s.fresh.Note = true, "circ does not check that the thread joined or detached here was not joined or detached before (POSIX: undefined)"
	}
	if s.fresh.Cond = s.test; s.test == nil {
		s.fresh.Kind = cfa.Skip
	}
	s.tmpl.Locs[s.sets[0].From].Atomic = false
	for _, e := range s.sets {
		e.Kind, e.LHS, e.RHS = cfa.Skip, nil, nil
	}
}

// names returns the templates whose threads handle h may name, nil when
// circ cannot tell, and h's variable when only creations write it: a
// handle only creations store into names their templates, a thread's
// own id (or a variable that only copies it) its template.
func (hw *handleWrites) names(h cfa.Expr, selfOf map[*cfa.Var]*cfa.CFA) (map[*cfa.CFA]bool, *cfa.Var) {
	r, ok := h.(cfa.Ref)
	switch {
	case !ok:
		return nil, nil
	case selfOf[r.V] != nil:
		return map[*cfa.CFA]bool{selfOf[r.V]: true}, nil
	case hw.selfIDs[r.V] != nil:
		return hw.selfIDs[r.V], nil
	case hw.other[r.V]:
		return nil, nil
	}
	out := map[*cfa.CFA]bool{}
	for c := range hw.creators[r.V] {
		out[c] = true
	}
	return out, r.V
}

// once reports whether at most one thread of c ever runs: main, or a
// template created at one site off every cycle by a template that runs
// at most once.
func (hw *handleWrites) once(c *cfa.CFA) bool {
	for seen := map[*cfa.CFA]bool{}; c != hw.p.Main(); c = hw.creator[hw.creations[c][0]] {
		if seen[c] || len(hw.creations[c]) != 1 {
			return false
		}
		seen[c] = true
		cr := hw.creations[c][0]
		if onCycle(hw.out[hw.creator[cr]], cr) {
			return false
		}
	}
	return true
}

// onCycle reports whether edge e (out: its CFA's edges by source) can
// be taken twice in one run: its source is reachable from its target.
// cfa.CFA.OnCycle needs the out-edge lists Finish sets, after lowering.
func onCycle(out map[int][]*cfa.Edge, e *cfa.Edge) bool {
	seen := map[int]bool{e.To: true}
	work := []int{e.To}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if l == e.From {
			return true
		}
		for _, o := range out[l] {
			if !seen[o.To] {
				seen[o.To] = true
				work = append(work, o.To)
			}
		}
	}
	return false
}

// dropEdges removes edges from c.
func dropEdges(c *cfa.CFA, drop ...*cfa.Edge) {
	edges := c.Edges[:0]
	for _, e := range c.Edges {
		if !slices.Contains(drop, e) {
			edges = append(edges, e)
		}
	}
	c.Edges = edges
}

// resolveSelfJoins drops the branches of joins that can never be taken:
// the self-join branch where the handle is a variable that only
// pthread_create of other templates writes (it holds the id of a thread
// another thread created, never the joiner's own), and the no-thread
// branch where the handle is certainly set (handleWrites.setAt).
func (b *builder) resolveSelfJoins(hw *handleWrites) {
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
		dropEdges(sj.tmpl, drop...)
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
	// stores are the creations that store into each handle; selfIDs
	// the templates whose own id the handles only ever copy.
	stores  map[*cfa.Var][]*cfa.Edge
	selfIDs map[*cfa.Var]map[*cfa.CFA]bool
	out     map[*cfa.CFA]map[int][]*cfa.Edge
}

func (b *builder) handleWrites() *handleWrites {
	hw := &handleWrites{p: b.prog, creators: map[*cfa.Var]map[*cfa.CFA]bool{}, other: map[*cfa.Var]bool{},
		nonzeroOnly: map[*cfa.Var]bool{}, creations: map[*cfa.CFA][]*cfa.Edge{}, creator: map[*cfa.Edge]*cfa.CFA{},
		stores: map[*cfa.Var][]*cfa.Edge{}, selfIDs: map[*cfa.Var]map[*cfa.CFA]bool{}, out: map[*cfa.CFA]map[int][]*cfa.Edge{}}
	selfs := map[*cfa.Var]*cfa.CFA{}
	for _, c := range b.prog.Templates {
		if c.Self != nil {
			selfs[c.Self] = c
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
				hw.stores[e.LHS] = append(hw.stores[e.LHS], e)
				hw.nonzeroOnly[e.LHS] = true
			default:
				hw.other[e.LHS] = true
				if r, ok := e.RHS.(cfa.Ref); ok && e.Kind == cfa.Assign && selfs[r.V] != nil {
					hw.nonzeroOnly[e.LHS] = true
					if hw.selfIDs[e.LHS] == nil {
						hw.selfIDs[e.LHS] = map[*cfa.CFA]bool{}
					}
					hw.selfIDs[e.LHS][selfs[r.V]] = true
				} else {
					notNonzero[e.LHS] = true
				}
			}
		}
	}
	for v := range notNonzero {
		delete(hw.nonzeroOnly, v)
		delete(hw.selfIDs, v)
	}
	for v := range hw.creators {
		delete(hw.selfIDs, v)
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
	handle := c.t.handleValue(c.as[0])
	c.t.set(h.v, handle, c.p)
	c.t.reap(handle, mkBin(cfa.Ne, ref(h.v), num(0)), c.p, nil)
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
