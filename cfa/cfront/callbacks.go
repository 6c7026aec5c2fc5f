package cfront

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers the C library functions that call a function of the
// program back in the calling thread: ftw and nftw run their visitor on
// each file of a tree, qsort and bsearch their comparison on elements
// of the array they are given. The library's own part of the walk (which files,
// in which order, with which names) is circ's choice: the visitor runs
// any number of times, each time on a path string and a struct stat
// (nftw: and a struct FTW) that the call keeps in its own frame, of the
// calling thread, and fills with any values before each visit; with
// any type flag the function documents. Every run of the program is
// among these, so a proof covers it; the report lists the choice.

// The order of qsort's and bsearch's comparisons is circ's choice too:
// any number of them, each of two elements (bsearch: the key and an
// element); qsort moves elements between them, bsearch returns null or
// the address of any element.

// pathMax is the length of ftw's path buffer (glibc grows it as
// needed: any length a visit reads before its 0 is in bounds).
const pathMax = 1 << 20

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
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": runs " + nodeText(as[1]) + " any number of times, each on a path and a struct stat it keeps, holding any values"})
	// The path of each visit: a buffer of the call's frame (glibc's
	// dirbuf), which the walk rewrites before each visit.
	path := t.temp(as[0].Type())
	buf := t.elementObject(cfa.StackObject, name+"::path", nil, t.b.ast.Char, false, p)
	t.allocated(buf, path, num(pathMax), func() {}, p)
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
						t.indeterminate(buf.Cells, name+" writes the path", p)
						t.set(v, ref(path), p)
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

// sortedArray is the array argument of qsort or bsearch: its elements'
// type, as the argument's type before its conversion to void * says,
// and their size in cells.
type sortedArray struct {
	elem   cc.Type
	cells  []cellSpec
	base   cfa.Expr
	n      cfa.Expr
	stride int64
}

// arrayArg checks and evaluates the base, count and size arguments of
// qsort or bsearch: the size must be that of the elements' type.
func (t *tb) arrayArg(name string, base, count, size cc.ExpressionNode, p cfa.Pos) sortedArray {
	elem := pointee(t.typedSource(base).Type())
	if at, ok := t.typedSource(base).Type().(*cc.ArrayType); ok {
		elem = at.Elem()
	}
	if elem == nil || isVoid(elem) || isFunc(elem) {
		t.b.fail(base, "unsupported: %s of an array whose element type circ cannot tell (%s)", name, describeC(base.Type()))
	}
	if k, ok := t.constant(size); !ok || k != elem.Size() {
		t.b.fail(size, "unsupported: %s of elements of a size other than sizeof(%s)", name, typeName(elem))
	}
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(base, "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	a := sortedArray{elem: elem}
	t.b.layout(elem, "", 0, false, &a.cells)
	for _, cs := range a.cells {
		if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" {
			t.b.fail(base, "unsupported: %s of elements holding %s", name, describeC(cs.typ))
		}
	}
	a.stride = int64(len(a.cells))
	a.base = t.stableValue(base, p)
	a.n = t.stableValue(count, p)
	t.discardRead(size, p)
	return a
}

// element is the address of element i of a.
func (a sortedArray) element(i cfa.Expr) cfa.Expr {
	return mkBin(cfa.Add, a.base, mkBin(cfa.Mul, i, num(a.stride)))
}

// anyIndex is a fresh variable holding any index of a's elements (a run
// with none ends here).
func (t *tb) anyIndex(name string, a sortedArray, p cfa.Pos) cfa.Expr {
	i := t.temp(nil)
	t.choose(p, arm{cond: mkBin(cfa.Gt, a.n, num(0)), body: func() {
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: i, Lo: num(0), Hi: mkBin(cfa.Sub, a.n, num(1)), Pos: p, Note: name + ": an element"})
	}})
	return ref(i)
}

// compare lowers one comparison qsort or bsearch makes: a call of the
// function pointer value cmp (the source n) on the two addresses pair
// gives, with sources srcs for the comparison's void pointer
// parameters.
func (t *tb) compare(x *cc.PostfixExpression, cmp cfa.Expr, n cc.ExpressionNode, srcs [2]cc.ExpressionNode, pair [2]cfa.Expr, p cfa.Pos) {
	fits := func(ft *cc.FunctionType) bool {
		ps := realParams(ft)
		return len(ps) == 2 && isPtr(ps[0].Type()) && isPtr(ps[1].Type()) && isInt(ft.Result())
	}
	t.funcChoice(cmp, n, false, fits, func(fd *cc.FunctionDefinition) {
		t.enter(fd, x, []argVal{{e: pair[0], src: srcs[0]}, {e: pair[1], src: srcs[1]}}, false, p)
	})
}

// maxSortedCells bounds the cells of an array whose values qsort keeps
// one by one (beyond, or for a count not constant, it writes any).
const maxSortedCells = 256

// qsort lowers qsort(base, n, size, cmp): any number of steps, each a
// comparison of any two elements, a read of any element into a buffer
// of as many elements, or a move of a buffered element into any
// element (glibc compares elements between its moves). A sort is such
// a run. For a count that is not constant (or a large array) a move
// writes any values, which elements holding pointers do not allow.
func (t *tb) qsort(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) {
	t.nargs(x, name, as, 4)
	a := t.arrayArg(name, as[0], as[1], as[2], p)
	cmp := t.stableValue(as[3], p)
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": runs " + nodeText(as[3]) + " on any two elements and moves elements, in any order, any number of times"})
	// pool is glibc's buffer: values read from the elements, at the
	// call and at any step after (another thread or the comparison may
	// have written them), which moves write back.
	var pool [][]*cfa.Var
	load := func(vals []*cfa.Var, from cfa.Expr) {
		for j, cs := range a.cells {
			t.set(vals[j], t.load(t.atAddr(mkBin(cfa.Add, from, num(int64(j))), cs.typ, as[0])), p)
		}
	}
	if k, ok := t.constant(as[1]); ok && k >= 0 && k*a.stride <= maxSortedCells {
		for e := range k {
			vals := make([]*cfa.Var, len(a.cells))
			for j, cs := range a.cells {
				vals[j] = t.newVar(nil, name+"::buffer", cfa.Data, cs.typ).v
			}
			load(vals, a.element(num(e)))
			pool = append(pool, vals)
		}
	} else {
		for _, cs := range a.cells {
			if isPtr(cs.typ) {
				t.b.fail(as[1], "unsupported: %s of a run-time count of elements holding pointers, or of more than %d cells of them", name, maxSortedCells)
			}
		}
	}
	move := func() {
		to := a.element(t.anyIndex(name, a, p))
		write := func(j int, cs cellSpec, val func(v *cfa.Var) cfa.Expr) {
			t.update(t.atAddr(mkBin(cfa.Add, to, num(int64(j))), cs.typ, as[0]), false, val)
		}
		if pool == nil {
			for j, cs := range a.cells {
				write(j, cs, func(v *cfa.Var) cfa.Expr {
					lo, hi := t.b.rangeOf(cs.typ)
					t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: name + " moves an element"})
					return nil
				})
			}
			return
		}
		var arms []arm
		for _, vals := range pool {
			arms = append(arms, arm{body: func() {
				for j, cs := range a.cells {
					write(j, cs, func(v *cfa.Var) cfa.Expr { return t.store(v, ref(vals[j]), false, p) })
				}
			}})
		}
		t.choose(p, arms...)
	}
	reread := func() {
		var arms []arm
		for _, vals := range pool {
			arms = append(arms, arm{body: func() { load(vals, a.element(t.anyIndex(name, a, p))) }})
		}
		t.choose(p, arms...)
	}
	t.loop(p, func() {
		steps := []arm{
			{body: func() {
				pair := [2]cfa.Expr{a.element(t.anyIndex(name, a, p)), a.element(t.anyIndex(name, a, p))}
				t.compare(x, cmp, as[3], [2]cc.ExpressionNode{as[0], as[0]}, pair, p)
			}},
			{body: move},
		}
		if pool != nil {
			steps = append(steps, arm{body: reread})
		}
		t.choose(p, steps...)
	})
}

// bsearch lowers bsearch(key, base, n, size, cmp).
func (t *tb) bsearch(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, name, as, 5)
	key := t.stableValue(as[0], p)
	a := t.arrayArg(name, as[1], as[2], as[3], p)
	cmp := t.stableValue(as[4], p)
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": runs " + nodeText(as[4]) + " on the key and any element any number of times, then returns null or any element"})
	t.loop(p, func() {
		t.compare(x, cmp, as[4], [2]cc.ExpressionNode{as[0], as[1]}, [2]cfa.Expr{key, a.element(t.anyIndex(name, a, p))}, p)
	})
	if !want {
		return nil
	}
	res := t.temp(x.Type())
	t.choose(p,
		arm{body: func() { t.set(res, num(0), p) }},
		arm{body: func() { t.set(res, a.element(t.anyIndex(name, a, p)), p) }})
	return ref(res)
}
