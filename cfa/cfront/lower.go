package cfront

import "circ/cfa"

// This file holds the small control-flow vocabulary the front end lowers
// the concurrency primitives with (sync.go, atomics.go): branches on IR
// conditions and atomic sections whose entry waits outside.

func ref(v *cfa.Var) cfa.Expr { return cfa.Ref{V: v} }

func num(k int64) cfa.Expr { return cfa.Const{Val: k} }

// arm is one branch of choose: body runs when cond holds (nil: always,
// which makes the choice nondeterministic). An atomic arm runs body in an
// atomic section whose entry tests cond: a blocking arm must test its
// condition and start its body in one step, or a thread could commit to
// it and then find the condition false.
type arm struct {
	cond   cfa.Expr
	body   func()
	atomic bool
	after  func() // atomic arms: runs after the section
}

// choose emits a branch from the current location: each arm whose
// condition holds may run, then control joins. An arm whose body ends
// unreachable (a wait that never ends, a halt) does not reach the join.
func (t *tb) choose(p cfa.Pos, arms ...arm) {
	from := t.at(p)
	d0 := t.d
	join := t.newLoc(p)
	for _, a := range arms {
		t.cur, t.d = from, d0
		if a.atomic {
			t.atomic(a.cond, p, "", a.body)
			if a.after != nil {
				a.after()
			}
			t.jump(join, p)
			continue
		}
		l := t.newLoc(p)
		c := a.cond
		if c == nil {
			c = num(1)
		}
		t.assume(c, l, p)
		if t.depth[l] == -1 {
			continue // constantly false: the arm never runs
		}
		t.cur = l
		if a.body != nil {
			a.body()
		}
		t.jump(join, p)
	}
	t.cur, t.d = -1, d0
	t.place(join, p)
}

// atomic emits body inside an atomic section that is entered by
// `assume guard` (nil: a skip): a thread waiting for guard waits outside
// the section and holds nobody up, and once guard holds, body's steps
// run with no other thread moving in between.
func (t *tb) atomic(guard cfa.Expr, p cfa.Pos, note string, body func()) {
	from := t.at(p)
	first, firstEdge := len(t.c.Locs), len(t.c.Edges)
	in := t.newLoc(p)
	e := &cfa.Edge{Kind: cfa.Skip, Pos: p, Note: note}
	if guard != nil {
		e = &cfa.Edge{Kind: cfa.Assume, Cond: guard, Pos: p, Note: note}
	}
	t.link(from, in, e, t.d+1)
	t.d++
	t.cur = in
	body()
	// When the section ends at a location created inside it that no
	// edge leaves yet, that location is simply placed outside the
	// section: the last step leaves it, and no extra skip is needed.
	if l := t.cur; l > first && !t.leaves(l, firstEdge) {
		t.d--
		t.depth[l] = t.d
		t.c.Locs[l].Atomic = t.d > 0
		return
	}
	t.atomicStep(-1, p, note)
}

// leaves reports whether an edge added since edge index since leaves
// location l.
func (t *tb) leaves(l, since int) bool {
	for _, e := range t.c.Edges[since:] {
		if e.From == l {
			return true
		}
	}
	return false
}

// loop emits body zero or more times (a nondeterministic loop).
func (t *tb) loop(p cfa.Pos, body func()) {
	head := t.loopHead(p)
	d0 := t.d
	exit := t.newLoc(p)
	t.choose(p, arm{body: func() { body(); t.jump(head, p) }}, arm{body: func() { t.jump(exit, p) }})
	t.cur, t.d = -1, d0
	t.place(exit, p)
}

// wait emits `assume c`: the thread waits here until c holds.
func (t *tb) wait(c cfa.Expr, p cfa.Pos) {
	l := t.newLoc(p)
	t.assume(c, l, p)
	t.cur = l
	if t.depth[l] == -1 {
		t.cur = -1 // c is constantly false: the thread waits forever
	}
}

// set emits v := e.
func (t *tb) set(v *cfa.Var, e cfa.Expr, p cfa.Pos) {
	t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: t.fit(nil, v, e, nil), Pos: p})
}

// setIf emits v := e when v is not nil (an unused result).
func (t *tb) setIf(v *cfa.Var, e cfa.Expr, p cfa.Pos) {
	if v != nil {
		t.set(v, e, p)
	}
}
