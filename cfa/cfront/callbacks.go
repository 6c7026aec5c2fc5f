package cfront

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers the C library functions that call a function of the
// program back in the calling thread: ftw and nftw run their visitor on
// each file of a tree. The library's own part of the walk (which files,
// in which order, with which names) is circ's choice: the visitor runs
// any number of times, each time on a path string of the library's and
// a struct stat (nftw: and a struct FTW) that the call keeps in its own
// frame, of the calling thread, and fills with any values before each
// visit; with any type flag the function documents. Every run of the program is
// among these, so a proof covers it; the report lists the choice.

// ftwActionRetval is glibc's FTW_ACTIONRETVAL: nftw then reads the
// visitor's result as an action (skip a subtree, stop) rather than
// stopping at any nonzero one.
const ftwActionRetval = 16

// fileTreeWalk lowers ftw(dir, fn, nopenfd) or nftw(dir, fn, nopenfd,
// flags). It reads dir as a string, then either ends, returning 0 or
// -1 (an error), or runs fn; fn's nonzero result ends the walk and is
// the call's (under FTW_ACTIONRETVAL, or flags not constant, it may
// also go on).
func (t *tb) fileTreeWalk(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	nftw := name == "nftw"
	nargs, flags := 3, int64(3) // FTW_F, FTW_D, FTW_DNR, FTW_NS
	if nftw {
		nargs, flags = 4, 6 // and FTW_SL, FTW_DP, FTW_SLN
	}
	t.nargs(x, name, as, nargs)
	if !isPtr(as[0].Type()) || !byteType(pointee(as[0].Type())) {
		t.b.fail(as[0], "unsupported: %s argument of %s (a path string)", describe(as[0].Type()), name)
	}
	dir := t.stableValue(as[0], p)
	fn := t.stableValue(as[1], p)
	stopsAtNonzero := true
	for i, a := range as[2:] {
		if !isInt(a.Type()) {
			t.b.fail(a, "unsupported: %s argument of %s", describe(a.Type()), name)
		}
		t.discardRead(a, p)
		if i == 1 {
			k, ok := t.constant(a)
			stopsAtNonzero = ok && k&ftwActionRetval == 0
		}
	}
	if !isLiteral(as[0]) { // a literal: nothing writes it
		t.walkChars(charWalk{src: dir, srcN: as[0], elem: pointee(as[0].Type()), str: true}, p)
	}
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": runs " + nodeText(as[1]) + " any number of times, each on a path and a struct stat of the library's holding any values"})
	res := t.temp(x.Type())
	fits := func(ft *cc.FunctionType) bool {
		ps := realParams(ft)
		if len(ps) != nargs || !isInt(ft.Result()) {
			return false
		}
		for i, prm := range ps {
			pt := prm.Type()
			switch {
			case i == 0 && !(isPtr(pt) && byteType(pointee(pt))),
				i == 2 && !isInt(pt),
				(i == 1 || i == 3) && !(isPtr(pt) && t.b.isStruct(pointee(pt)) && t.b.externable(pointee(pt))):
				return false
			}
		}
		return true
	}
	d0 := t.d
	done := t.newLoc(p)
	head := t.loopHead(p)
	t.choose(p,
		arm{body: func() { // the walk ends, or fails
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: num(-1), Hi: num(0), Pos: p, Note: name + " result"})
			t.jump(done, p)
		}},
		arm{body: func() {
			r := t.temp(x.Type())
			t.funcChoice(fn, as[1], false, fits, func(fd *cc.FunctionDefinition) {
				ps := realParams(fd.Declarator.Type().(*cc.FunctionType))
				vals := make([]argVal, len(ps))
				for i, prm := range ps {
					v := t.temp(prm.Type())
					switch i {
					case 0:
						t.someLibraryString(v, p)
					case 2:
						t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: num(0), Hi: num(flags), Pos: p, Note: name + ": the type of the file"})
					default:
						t.set(v, num(t.libraryBuffer(name, pointee(prm.Type()), p)), p)
					}
					vals[i].e = ref(v)
				}
				t.set(r, t.enter(fd, x, vals, true, p), p)
			})
			nonzero := mkBin(cfa.Ne, ref(r), num(0))
			arms := []arm{{cond: nonzero, body: func() { t.set(res, ref(r), p); t.jump(done, p) }}}
			if stopsAtNonzero {
				arms = append(arms, arm{cond: mkBin(cfa.Eq, ref(r), num(0)), body: func() { t.jump(head, p) }})
			} else {
				arms = append(arms, arm{body: func() { t.jump(head, p) }})
			}
			t.choose(p, arms...)
		}})
	t.cur, t.d = -1, d0
	t.place(done, p)
	return unless(want, ref(res))
}

// libraryBuffer is the address of an object of type typ that a library
// function keeps in its own frame (ftw's struct stat), in memory of the
// calling thread, every cell written with any value.
func (t *tb) libraryBuffer(name string, typ cc.Type, p cfa.Pos) int64 {
	l := t.unnamedStackObject(typ, name+"::"+typeName(typ), p)
	for _, v := range l.obj.Cells {
		if v.Kind != cfa.Data {
			t.b.failAt(p, "unsupported: %s keeps %s, which is no plain data", name, v.CName)
		}
		lo, hi := t.b.rangeOf(t.b.cellTyp[v])
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: name + " stores"})
	}
	return l.obj.Base
}
