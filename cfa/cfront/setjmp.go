package cfront

// setjmp and longjmp within one thread. circ inlines every call, so a
// thread is one automaton and a longjmp is a jump in it: to the return
// of each setjmp of the thread that may have filled the same jmp_buf
// (the variable named, or every setjmp where either names no jmp_buf
// variable), where setjmp returns longjmp's value (1 for 0). That
// covers every run: a longjmp goes back to the last setjmp of its
// buffer, whose function is still running. The runs it adds jump to a
// setjmp whose function has returned, or that never ran: undefined
// behaviour, over-approximated. Locals keep the values they hold at the
// longjmp (C leaves indeterminate those the setjmp's function changed
// since; gcc keeps what memory holds). setjmp writes the buffer and
// longjmp reads it, so two threads sharing one race on it; what setjmp
// stores (registers) is not modelled: it writes zeros, which no program
// reads but longjmp.
// A longjmp with no setjmp of its buffer in its thread (a signal
// handler's into main, another thread's buffer) is rejected.

import (
	"fmt"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// jmpSite is a setjmp of a thread: where it returns, with its result.
type jmpSite struct {
	env    any // the jmp_buf variable it fills (jmpBuf); nil if not named
	resume int
	res    *cfa.Var
	pos    cfa.Pos
}

// longJump is a longjmp of a thread, linked to the setjmps of its buffer
// once the thread is lowered (linkLongJumps).
type longJump struct {
	env  any
	from int
	val  *cfa.Var
	pos  cfa.Pos
	d    int
}

// jmpBuf identifies the jmp_buf variable argument a names: a variable
// with linkage by its name (a block-scope extern declares the global
// again, with a declarator of its own), another by its declarator; nil
// if a names none (a pointer parameter, a member).
func (b *builder) jmpBuf(a cc.ExpressionNode) any {
	d := identOf(stripCasts(a))
	switch {
	case d == nil || !isArray(d.Type()):
		return nil
	case d.IsExtern() || b.isFileScope(d):
		return "global " + d.Name()
	}
	return d
}

// setjmp lowers setjmp(env) (and sigsetjmp(env, savesigs)): it writes
// env and returns 0; a longjmp to it returns there again.
func (t *tb) setjmp(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if len(as) == 0 {
		t.b.fail(x, "%s takes a jmp_buf", name)
	}
	t.b.setjmps++
	t.touchJmpBuf(name, x, as[0], true, p)
	for _, a := range as[1:] {
		t.discardRead(a, p) // sigsetjmp's savesigs
	}
	res := t.newVar(nil, name, cfa.Data, x.Type()).v
	t.set(res, num(0), p)
	resume := t.newLoc(p)
	t.place(resume, p)
	t.jmpSites = append(t.jmpSites, jmpSite{env: t.b.jmpBuf(as[0]), resume: resume, res: res, pos: p})
	return unless(want, ref(res))
}

// longjmp lowers longjmp(env, val): it reads env and ends the path here;
// linkLongJumps adds its jumps.
func (t *tb) longjmp(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) {
	t.nargs(x, name, as, 2)
	t.touchJmpBuf(name, x, as[0], false, p)
	v := t.intExpr(as[1])
	val := t.newVar(nil, name, cfa.Data, as[1].Type()).v
	t.set(val, cfa.Cond{C: mkBin(cfa.Eq, v, num(0)), T: num(1), F: v}, p)
	t.longJumps = append(t.longJumps, longJump{env: t.b.jmpBuf(as[0]), from: t.at(p), val: val, pos: p, d: t.d})
	t.cur = -1
}

// touchJmpBuf writes (setjmp) or reads (longjmp) every cell of the
// jmp_buf a points to.
func (t *tb) touchJmpBuf(name string, x *cc.PostfixExpression, a cc.ExpressionNode, write bool, p cfa.Pos) {
	c := &libcCall{t: t, name: name, x: x, as: []cc.ExpressionNode{a}, vals: []cfa.Expr{t.stableValue(a, p)}, p: p}
	how := objectTouch{read: true}
	if write {
		how = objectTouch{write: true, value: num(0)}
	}
	t.touchObject(c, 0, how)
}

// linkLongJumps adds, from each longjmp of the thread, a jump to the
// return of each setjmp of its buffer, setting its result.
func (t *tb) linkLongJumps() {
	for _, j := range t.longJumps {
		n := 0
		for _, s := range t.jmpSites {
			if j.env != nil && s.env != nil && j.env != s.env {
				continue
			}
			note := fmt.Sprintf("longjmp to the setjmp at %s:%d", baseName(s.pos.File), s.pos.Line)
			t.link(j.from, s.resume, &cfa.Edge{Kind: cfa.Assign, LHS: s.res, RHS: ref(j.val), Pos: j.pos, Note: note}, j.d)
			n++
		}
		if n == 0 {
			t.b.failAt(j.pos, "unsupported: longjmp to a jmp_buf that no setjmp of this thread fills (a signal handler's into the code it interrupted, or another thread's buffer)")
		}
	}
}
