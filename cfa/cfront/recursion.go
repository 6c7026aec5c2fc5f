package cfront

import (
	"sort"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file approximates a recursive call, which inlining cannot
// unfold. circ summarizes the callee by its effects: the globals that
// it, and every function it calls, read and write by name. The call
// evaluates its arguments, then runs any number of steps, each a read
// of one of those globals or a write of any value to one the code
// writes, and may instead end the program where the code may (exit,
// abort); its result is any value. Every access the recursion makes
// is among these steps, in any order and as often, so a proof covers
// it; each step is an approximation the report lists. Code the summary
// cannot describe is rejected: an access through a pointer, a call
// through one, a static local, a synchronization or thread primitive,
// a library call given a pointer.

// recursionEffects is what a recursive function's code does, by name.
type recursionEffects struct {
	reads, writes map[*cc.Declarator]bool // the globals it reads, writes
	halts         bool                    // it may end the program
	exits         bool                    // by exit, which runs the destructors first
}

// effectsOf collects the effects of fd and of every function it calls
// (directly); bad is the reason code cannot be summarized, with the
// node, or "".
func (b *builder) effectsOf(fd *cc.FunctionDefinition) (eff recursionEffects, bad string, at cc.Node) {
	eff = recursionEffects{reads: map[*cc.Declarator]bool{}, writes: map[*cc.Declarator]bool{}}
	seen := map[*cc.FunctionDefinition]bool{}
	queue := []*cc.FunctionDefinition{fd}
	for len(queue) > 0 && bad == "" {
		f := queue[0]
		queue = queue[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		Walk(f.CompoundStatement, func(n any, stack []any) bool {
			if bad != "" {
				return false
			}
			switch x := n.(type) {
			case *cc.Asm:
				// Its operands are read, its outputs written
				// (asm.go); cc reads an operand as a call.
				parts, ok := splitAsm(x)
				if !ok {
					bad, at = "inline assembly circ cannot read", x
					return false
				}
				for _, e := range append(parts.outputs, parts.inputs...) {
					d := identOf(e)
					switch {
					case d == nil:
						bad, at = "an asm operand other than a variable", e
					case b.isFileScope(d) || d.IsExtern():
						eff.reads[d] = true
						eff.writes[d] = true
					}
				}
				return false
			case *cc.Declarator:
				if x.IsStatic() && !isFunc(x.Type()) && !strings.HasPrefix(x.Name(), "__") { // not cc's __func__
					bad, at = "a static local", x
				}
			case *cc.PrimaryExpression:
				if x.Case != cc.PrimaryExpressionIdent {
					return true
				}
				d, ok := x.ResolvedTo().(*cc.Declarator)
				if !ok || isFunc(d.Type()) || !(b.isFileScope(d) || d.IsExtern()) {
					return true
				}
				if b.syncTypeName(d.Type()) != "" {
					bad, at = "a synchronization object", x
					return false
				}
				eff.reads[d] = true
				if writtenAt(x, stack) {
					eff.writes[d] = true
				}
			case *cc.UnaryExpression:
				switch x.Case {
				case cc.UnaryExpressionDeref:
					bad, at = "an access through a pointer", x
				case cc.UnaryExpressionAddrof:
					if !isFunc(x.CastExpression.Type()) {
						bad, at = "an address taken", x
					}
				}
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionPSelect:
					bad, at = "an access through a pointer", x
				case cc.PostfixExpressionIndex:
					if !isArray(x.PostfixExpression.Type()) {
						bad, at = "an access through a pointer", x
					}
				case cc.PostfixExpressionCall:
					call, pe := directCall(x)
					if call == nil {
						bad, at = "a call through a pointer", x
						return false
					}
					name := pe.Token.SrcStr()
					if g := b.funcs[name]; g != nil {
						queue = append(queue, g)
						return true
					}
					switch {
					case name == "exit" || name == "abort" || name == "_exit" || name == "__assert_fail" || name == "assert" || name == "reach_error":
						eff.halts = true
						eff.exits = eff.exits || name == "exit"
					case isConcurrencyAPI(name):
						bad, at = "the concurrency primitive "+name, x
					default:
						for _, a := range args(x.ArgumentExpressionList) {
							if t := a.Type(); isPtr(t) && !isLiteral(a) || isArray(t) {
								bad, at = "a pointer given to "+name, a
							}
						}
					}
				}
			}
			return bad == ""
		})
	}
	return eff, bad, at
}

// isConcurrencyAPI reports whether name is a function of the threads,
// synchronization or atomics APIs.
func isConcurrencyAPI(name string) bool {
	if _, ok := prims[name]; ok {
		return true
	}
	for _, p := range []string{"pthread_", "sem_", "thrd_", "mtx_", "cnd_", "tss_", "atomic_", "__atomic", "__sync", "__VERIFIER_atomic", "__CIRC_", "__nesc_atomic"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// writtenAt reports whether identifier n, whose ancestors are stack,
// is written there: the left operand of an assignment, the operand of
// ++ or --, or the base of a member or element so written.
func writtenAt(n any, stack []any) bool {
	child := n
	for i := len(stack) - 1; i >= 0; i, child = i-1, stack[i] {
		switch s := stack[i].(type) {
		case *cc.PostfixExpression:
			switch s.Case {
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				return true
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPrimary:
				continue // a member of it: as the whole is used
			case cc.PostfixExpressionIndex:
				if child == any(s.PostfixExpression) {
					continue // an element of it
				}
			}
			return false
		case *cc.UnaryExpression:
			switch s.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				return true
			case cc.UnaryExpressionPostfix:
				continue
			}
			return false
		case *cc.PrimaryExpression:
			continue
		case *cc.AssignmentExpression:
			if s.Case == cc.AssignmentExpressionCond {
				continue
			}
			return child == any(s.UnaryExpression)
		default:
			return false
		}
	}
	return false
}

// recursiveCall lowers call x of fd, which fd's own code (or code it
// calls) is inlining: its effects (recursionEffects), any number of
// times.
func (t *tb) recursiveCall(fd *cc.FunctionDefinition, x *cc.PostfixExpression, vals []argVal, want bool, p cfa.Pos) cfa.Expr {
	name := fd.Declarator.Name()
	eff, bad, at := t.b.effectsOf(fd)
	if bad != "" {
		t.b.fail(at, "unsupported: recursive call to %s, whose code has %s (circ summarizes recursion by the globals it reads and writes)", name, bad)
	}
	for _, v := range vals {
		if v.s != nil {
			t.b.fail(x, "unsupported: recursive call to %s with a struct argument", name)
		}
	}
	note := "recursive call to " + name + ": any number of reads and writes of the globals its code uses"
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: note})
	var cells []*cfa.Var // every cell of the globals read
	written := map[*cfa.Var]bool{}
	for _, d := range sortedDecls(eff.reads) {
		for _, v := range t.globalCells(t.lookup(d, x), x) {
			if ct := t.b.cellTyp[v]; eff.writes[d] && (isPtr(ct) || ct == nil && isPtr(d.Type())) {
				t.b.fail(x, "unsupported: recursive call to %s, whose code writes pointer %s", name, v.CName)
			}
			cells = append(cells, v)
			written[v] = eff.writes[d]
		}
	}
	var steps []arm
	for _, v := range cells {
		steps = append(steps, arm{body: func() {
			tmp := t.temp(t.b.cellTyp[v])
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: ref(v), Pos: p, Approx: true, Note: note})
		}})
		if written[v] {
			steps = append(steps, arm{body: func() {
				lo, hi := intRange(v.Int)
				if v.Bool {
					lo, hi = num(0), num(1)
				}
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
			}})
		}
	}
	if eff.halts {
		steps = append(steps, arm{body: func() { t.stop(cfa.Halt, p, note+" (it may end the program)") }})
	}
	if eff.exits && len(t.b.dtors) > 0 {
		steps = append(steps, arm{body: func() {
			t.runInitFuncs(t.b.dtors, true, p)
			if t.cur != -1 {
				t.stop(cfa.Halt, p, note+" (it may call exit)")
			}
		}})
	}
	if len(steps) > 0 {
		t.loop(p, func() { t.choose(p, steps...) })
	}
	if !want {
		return nil
	}
	rt := fd.Declarator.Type().(*cc.FunctionType).Result()
	if rt == nil || isVoid(rt) {
		t.b.fail(x, "unsupported: void value of %s used", name)
	}
	return t.anyValue(rt, note, p)
}

// globalCells lists the data cells of global l: a scalar's variable,
// a struct's fields, an object's cells in memory.
func (t *tb) globalCells(l *local, n cc.Node) []*cfa.Var {
	switch {
	case l.bad != "":
		t.b.fail(n, "%s", l.bad)
	case l.obj != nil:
		var out []*cfa.Var
		for _, v := range l.obj.Cells {
			if v.Kind != cfa.Data || t.b.atomic[v] {
				t.b.fail(n, "unsupported: recursive code reaches %s, which is no plain data", v.CName)
			}
			out = append(out, v)
		}
		return out
	case l.members != nil:
		var out []*cfa.Var
		for _, m := range l.members {
			out = append(out, t.globalCells(m.l, n)...)
		}
		return out
	}
	if l.v.Kind != cfa.Data || t.b.atomic[l.v] {
		t.b.fail(n, "unsupported: recursive code reaches %s, which is no plain data", l.v.CName)
	}
	return []*cfa.Var{l.v}
}

// sortedDecls is the declarators of set in name order.
func sortedDecls(set map[*cc.Declarator]bool) []*cc.Declarator {
	out := make([]*cc.Declarator, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}
