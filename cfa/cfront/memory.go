package cfront

// Memory: the C objects circ reaches through pointers (cfa.Memory).
//
// An object lives in memory when its address is taken (&x, &s.f, a
// pointer to it passed anywhere), when it is an array, or when malloc
// returns it. Its cells are ordinary cfa variables, one per scalar leaf
// in memory order, so a variable named directly (x, s.f, a[2]) is still
// accessed as itself; only an access through an address that is not a
// constant becomes a choice among the cells that address may reach
// (access), each arm guarded by `addr == &cell` and the last one a
// runtime error. A pointer is an integer: &cell, or 0 for null. Pointer
// arithmetic on a T* moves by cellCount(T).
//
// Every stack and heap object is created as a global; after lowering,
// the points-to analysis (package pointsto) decides which of them stay
// private to a thread that can run more than once, and those become
// locals of their template (settle).

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"
	"circ/cfa/ranges"

	"modernc.org/cc/v4"
)

// cellCount is the number of cells of an object of type t (the stride of
// pointer arithmetic on a t*), or the reason circ cannot lay it out.
func (b *builder) cellCount(t cc.Type) (int64, string) {
	switch {
	case t == nil:
		return 0, "untyped object"
	case t.Kind() == cc.Array:
		at := t.(*cc.ArrayType)
		if at.IsVLA() || at.IsIncomplete() {
			return 0, "array of unknown size"
		}
		n, bad := b.cellCount(at.Elem())
		if bad != "" {
			return 0, bad
		}
		if at.Len() > maxCells || n*at.Len() > maxCells {
			return 0, fmt.Sprintf("array of more than %d cells", maxCells)
		}
		return n * at.Len(), ""
	case b.isStruct(t):
		st, _ := fieldsOf(t)
		if st.IsIncomplete() {
			return 0, "incomplete " + describe(t)
		}
		var n int64
		for i := 0; i < st.NumFields(); i++ {
			f := st.FieldByIndex(i)
			if f == nil || (f.Name() == "" && f.IsBitfield()) {
				continue
			}
			if f.IsBitfield() || f.IsFlexibleArrayMember() || f.Name() == "" && !b.isStruct(f.Type()) {
				n++ // a cell whose use is an error
				continue
			}
			k, bad := b.cellCount(f.Type())
			if bad != "" {
				n++
				continue
			}
			n += k
		}
		return n, ""
	case t.Kind() == cc.Void:
		return 1, "" // void* arithmetic (a GNU extension) counts cells
	}
	return 1, ""
}

// addressBase is where memory starts: the first multiple of 4096 from
// 4096 on whose next addressWindow addresses hold none of the integer
// constants the program writes (a literal, an enumerator, a folded
// constant expression). An address equal to a constant would make
// arithmetic on that constant look like arithmetic on an address, and
// a test against it a test against an object; both are only
// imprecision, so a program whose memory outgrows the window is still
// handled soundly.
func addressBase(ast *cc.AST) int64 {
	var consts []int64
	Walk(ast.TranslationUnit, func(n any, _ []any) bool {
		var v cc.Value
		switch x := n.(type) {
		case cc.ExpressionNode:
			v = x.Value()
		case *cc.Enumerator:
			v = x.Value()
		}
		if k, ok := intValue(v); ok && k >= 4096 {
			consts = append(consts, k)
		}
		return true
	})
	sort.Slice(consts, func(i, j int) bool { return consts[i] < consts[j] })
	base := int64(4096)
	for _, k := range consts {
		if k >= base+addressWindow {
			break
		}
		if k >= base {
			base = (k/4096 + 1) * 4096
		}
	}
	if base+addressWindow > cfa.InstanceStride/2 {
		return 4096
	}
	return base
}

// addressWindow is the span of addresses addressBase keeps free of the
// program's constants.
const addressWindow = 1 << 24

// maxCells bounds the cells of one object: circ gives every cell its own
// variable (a struct of a real program with its char buffers inline
// has thousands).
const maxCells = 1 << 15

// summaryCells is the number of cells past which an array of plain data
// is an element summary (largeDataArray): a buffer of a real program
// whose cells circ need not keep apart.
const summaryCells = 4096

// summaryBytes is summaryCells for byte buffers on the stack and the
// heap (dataLimit, heapBlock).
const summaryBytes = 64

// stride is cellCount(elem) for pointer arithmetic on ptr, failing at
// n. Cells are whole scalars, so a byte offset counts cells only inside
// an object made of bytes: arithmetic on a char or _Bool pointer moves
// by one cell, and checkByteArithmetic rejects it once the points-to
// analysis shows ptr may point into any other object (an int's bytes
// would land on the wrong cell). A nil ptr (a pointer in memory) and
// void pointers are rejected at once.
func (t *tb) stride(elem cc.Type, n cc.Node, ptr cfa.Expr) int64 {
	if elem != nil && (isVoid(elem) || t.byteElem(elem)) {
		if ptr == nil || isVoid(elem) {
			t.b.fail(n, "unsupported: arithmetic on a pointer to %s (byte offsets)", describeC(elem))
		}
		t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: ptr, n: n, elem: elem, at: t.site()})
		return 1
	}
	if ptr != nil && scalarElem(t.b, elem) {
		t.b.cellPtrs = append(t.b.cellPtrs, bytePtr{e: ptr, n: n, elem: elem})
	}
	return t.cellStride(elem, n)
}

// operandStride is stride for pointer operand pn of value ptr; an
// array (its elements: a char array member of a struct) moves by its
// own elements, which the subscript's bound keeps inside it.
func (t *tb) operandStride(pn cc.ExpressionNode, ptr cfa.Expr) int64 {
	if isArray(pn.Type()) {
		return t.cellStride(pointee(pn.Type()), pn)
	}
	return t.stride(pointee(pn.Type()), pn, ptr)
}

// moved registers res, the result of arithmetic on pointer operand pn,
// with checkByteArithmetic when the arithmetic moves by bytes through
// a pointer (stride registers the operand).
func (t *tb) moved(pn cc.ExpressionNode, base, res cfa.Expr) cfa.Expr {
	if elem := pointee(pn.Type()); t.byteElem(elem) {
		// stride registered the operand last: the two are checked
		// together. An array's own arithmetic (s.a + 3) is checked
		// too: a constant index has no bound.
		bps := t.b.bytePtrs
		if n := len(bps); n > 0 && bps[n-1].n == pn && bps[n-1].res == nil {
			bps[n-1].res = res
		} else {
			t.b.bytePtrs = append(bps, bytePtr{e: base, res: res, n: pn, elem: elem, at: t.site()})
		}
	}
	return res
}

// movedVar is moved for an update of pointer variable lv (n: the
// update) by op and delta, in cells: its new value is checked with
// its old one. A pointer in memory is checked cell by cell instead
// (strideInMemory).
func (t *tb) movedVar(n cc.ExpressionNode, lv lval, op cfa.BinOp, delta cfa.Expr) {
	// An atomic pointer's update is one read-modify-write: a guard
	// would read it apart, a plain read that races.
	if lv.l != nil && !t.b.atomic[lv.l.v] {
		t.moved(n, lv.ref(), mkBin(op, lv.ref(), delta))
	}
}

// byteElem reports whether elem is a byte (char, _Bool), which pointer
// arithmetic moves over by one cell (stride).
func (t *tb) byteElem(elem cc.Type) bool {
	return elem != nil && !isVoid(elem) && elem.Size() == 1 && !t.b.isStruct(elem) && !isArray(elem)
}

// strideInMemory is stride for lv, a pointer an update moves by a
// constant: for a byte pointer held in memory, the pointer's value in
// each cell update reaches is checked (checkByteArithmetic) through
// the returned function, which the update calls with each cell.
func (t *tb) strideInMemory(lv lval, elem cc.Type, n cc.Node) (int64, func(v *cfa.Var)) {
	if lv.l == nil && t.byteElem(elem) {
		return 1, func(v *cfa.Var) {
			t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: ref(v), n: n, elem: elem, via: lv.addr, cell: v})
		}
	}
	if lv.l == nil && scalarElem(t.b, elem) {
		return t.stride(elem, n, lv.ref()), func(v *cfa.Var) { t.b.cellPtrs = append(t.b.cellPtrs, bytePtr{e: ref(v), n: n, elem: elem}) }
	}
	return t.stride(elem, n, lv.ref()), func(*cfa.Var) {}
}

// bytePtr is a pointer that arithmetic moves by bytes.
type bytePtr struct {
	e    cfa.Expr
	res  cfa.Expr // the arithmetic's result, or the other pointer of a difference, checked with e (nil: none)
	n    cc.Node
	elem cc.Type
	walk bool // e is where a walk over bytes starts (walkChars)
	// steps are a walk's accesses, each start + k: where the walk as a
	// whole may leave its bytes, each is guarded on its own.
	steps []bytePtr
	// via is, for a byte pointer held in memory, the address its update
	// goes through, and cell the cell e reads: a cell the address cannot
	// hold is no cell the update reaches (an arm the points-to analysis
	// ruled out after lowering offered it).
	via  cfa.Expr
	cell *cfa.Var
	// at is where the arithmetic is evaluated, for a run-time check
	// (guardByteArithmetic); nil where there is none to add.
	at *site
}

// site is a location of a template, before the edges that evaluate an
// expression lowered there.
type site struct {
	c   *cfa.CFA
	loc int
}

// site is where the expression being lowered is evaluated: the current
// location, nil in code no path reaches.
func (t *tb) site() *site {
	if t.cur < 0 {
		return nil
	}
	return &site{t.c, t.cur}
}

// checkByteArithmetic rejects arithmetic on a char or _Bool pointer
// that may leave the bytes where cells are bytes (see stride). Every
// value a pointer of such arithmetic may hold, before and after, and
// both pointers of a difference (bytePtr), must lie, within each
// object, in one run of byte cells at consecutive byte offsets, or one
// past its end where the next cell starts at the next byte (no
// padding): a char buffer, or a struct's char arrays that follow each
// other. Inside a run a cell is a byte, so the arithmetic moves as C
// does; leaving the run would cross cells that are not bytes (an int,
// padding), where cell offsets and byte offsets part. A walk over bytes
// (strcpy, memset of a run-time size: walk) moves on from its start
// without a check per step, so its start may not lie in an object whose
// runs are apart by padding alone: the walk would run on into the next
// run's cells (into a cell that is no byte, it is stopped there). In an
// element summary every cell must be a byte: its elements' cells share
// indices.
func (b *builder) checkByteArithmetic(r *pointsto.Result) {
	for _, bp := range b.bytePtrs {
		if !b.reaches(bp, r) {
			continue
		}
		vals := r.Eval(bp.e)
		addrs := vals.All()
		// past: one past an array by a bounded subscript (s.a + i),
		// which only steps back into it.
		past := map[int64]bool{}
		for a := range vals.Past {
			past[a] = !vals.Addrs[a]
		}
		bad := ""
		if bp.res != nil {
			res := r.Eval(bp.res)
			addrs = append(addrs, res.All()...)
			for a := range res.Past {
				past[a] = !res.Addrs[a] && !vals.Addrs[a]
			}
			if res.Top {
				bad = "memory circ does not know"
			}
		}
		if vals.Top {
			bad = "memory circ does not know"
		}
		common := map[*cfa.Object]map[int]bool{}
		for _, a := range addrs {
			o, i := b.prog.Memory.Find(a)
			if o == nil || bad != "" {
				continue
			}
			ri := b.runsOf(o)
			if bp.walk && ri.padded {
				bad = o.Name
				break
			}
			here := ri.runsAt(i, past[a])
			if prev, seen := common[o]; seen {
				for k := range prev {
					if !here[k] {
						delete(prev, k)
					}
				}
				here = prev
			}
			common[o] = here
			if len(here) == 0 {
				bad = o.Name
			}
		}
		if bad == "" && bp.walk {
			// The start is in one run; a step the points-to analysis
			// cannot keep in it (a char buffer before an int in a
			// struct) is guarded like arithmetic that may leave it.
			bad = b.stepLeaves(bp, common, r)
		}
		if bad != "" && !b.guardEach(bp, r, bad) {
			b.fail(bp.n, "%s", byteArithmeticError(bp.elem, bad))
		}
	}
}

// stepLeaves names an object where a step of walk bp may reach a cell
// outside the runs its start may be in (in: by object), "" if none.
func (b *builder) stepLeaves(bp bytePtr, in map[*cfa.Object]map[int]bool, r *pointsto.Result) string {
	for _, s := range bp.steps {
		for a := range r.Eval(s.res).Addrs {
			o, i := b.prog.Memory.Find(a)
			if o == nil {
				continue
			}
			ri := b.runsOf(o)
			if i == len(ri.run) && i > 0 && in[o][ri.run[i-1]] {
				continue // one past the object: no cell to leave for
			}
			if i >= len(ri.run) || ri.run[i] < 0 || !in[o][ri.run[i]] {
				return o.Name
			}
		}
	}
	return ""
}

// reaches reports whether the update of byte pointer bp may reach its
// cell (bytePtr.via): always, but for a cell of an ordinary object
// (one address) its address cannot hold.
func (b *builder) reaches(bp bytePtr, r *pointsto.Result) bool {
	if bp.via == nil || bp.cell == nil {
		return true
	}
	ci := b.cells[bp.cell]
	if ci == nil || ci.obj.Summary() || ci.obj.Elements() {
		return true
	}
	return r.Eval(bp.via).Has(ci.obj.Base + int64(ci.idx))
}

// guardEach guards byte arithmetic bp (guardByteArithmetic), or each
// access of a walk, and reports whether it could.
func (b *builder) guardEach(bp bytePtr, r *pointsto.Result, object string) bool {
	if !bp.walk {
		return b.guardByteArithmetic(bp, r.Eval(bp.e), r, object)
	}
	for _, s := range bp.steps {
		if !b.guardByteArithmetic(s, r.Eval(s.e), r, object) {
			return false
		}
	}
	return len(bp.steps) > 0
}

// byteArithmeticError is the rejection of byte arithmetic on a pointer
// to elem into object that circ cannot follow.
func byteArithmeticError(elem cc.Type, object string) string {
	return fmt.Sprintf("unsupported: arithmetic on a pointer to %s (byte offsets) into %s, which may leave its bytes for cells that are not bytes", describeC(elem), object)
}

// guardByteArithmetic adds, where checkByteArithmetic cannot show that
// byte arithmetic stays in one run of byte cells, a check that it does
// at run time: before the arithmetic, the pointer lies in a run of byte
// cells (vals: what it may hold), and the result (or the other pointer
// of a difference) lies in the same run, or one past it where the
// static check allows that. Inside the run cells are bytes, so the
// arithmetic moves as C's does. Leaving it would be a char array member
// walked beyond its end, which C leaves undefined, or an object's bytes
// walked across a cell that is no byte, which C defines and circ does
// not model: a run that leaves is one circ cannot follow, an
// unmodelled site (checkByteGuards). It reports false, adding nothing,
// where the pointer may lie outside every run, in a summary object or
// in memory circ does not know, or is a walk.
func (b *builder) guardByteArithmetic(bp bytePtr, vals pointsto.Set, r *pointsto.Result, object string) bool {
	if bp.at == nil || bp.res == nil || bp.walk || vals.Top || r.Eval(bp.res).Top {
		return false
	}
	runs := b.byteRunsOf(vals)
	if len(runs) == 0 {
		return false
	}
	b.byteGuards = append(b.byteGuards, &byteGuard{at: *bp.at, ptr: bp.e, res: bp.res, pos: b.pos(bp.n), runs: runs,
		failure: fmt.Sprintf("arithmetic on a pointer to %s (byte offsets) into %s may leave its bytes for cells that are not bytes", describeC(bp.elem), object)})
	return true
}

// byteRunsOf lists, in address order, the runs of byte cells that the
// addresses of vals lie in or one past; none where one lies in an
// element summary or in no object.
func (b *builder) byteRunsOf(vals pointsto.Set) []byteRun {
	type runOf struct {
		o *cfa.Object
		k int
	}
	in := map[runOf]bool{}
	var order []runOf
	for _, a := range vals.All() {
		o, i := b.prog.Memory.Find(a)
		if o == nil || o.Elements() {
			return nil
		}
		for k := range b.runsOf(o).runsAt(i, vals.Past[a] && !vals.Addrs[a]) {
			if ro := (runOf{o, k}); !in[ro] {
				in[ro] = true
				order = append(order, ro)
			}
		}
	}
	sort.Slice(order, func(i, j int) bool {
		return order[i].o.Base < order[j].o.Base || order[i].o.Base == order[j].o.Base && order[i].k < order[j].k
	})
	var runs []byteRun
	for _, ro := range order {
		lo, last, past := b.runsOf(ro.o).bounds(ro.k, len(ro.o.Cells))
		base := ro.o.Base
		runs = append(runs, byteRun{base + int64(lo), base + int64(last), base + int64(past), ro.o.Summary()})
	}
	return runs
}

// guardByteAccess adds, where a character access s may reach cells
// that are not bytes besides its byte cells, a run-time check that its
// address lies on a byte cell of the runs its values are in or one
// past. The points-to analysis is flow-insensitive: a pointer stepped
// along a char buffer (tmp = p; p++; *tmp = 0) may, for it, reach the
// int after the buffer, where no run does. A character may read any
// byte of an object in C, but circ lays an int out as one cell: a run
// that gets there is one circ cannot follow, an unmodelled site,
// which no proof may assume away (report.DemoteUnmodelled) unless the
// ranges stage shows that no run reaches it. It reports false, adding
// nothing, where the access is no character's or its values lie
// outside every run.
func (b *builder) guardByteAccess(s *derefSite, r *pointsto.Result) bool {
	if s.fn || s.library || s.anyType || s.typ == nil || !isInt(s.typ) || s.typ.Size() != 1 {
		return false
	}
	vals := r.Eval(s.addr)
	if vals.Top {
		return false
	}
	runs := b.byteRunsOf(vals)
	if len(runs) == 0 {
		return false
	}
	b.byteGuards = append(b.byteGuards, &byteGuard{at: site{s.t.c, s.from}, ptr: s.addr, res: s.addr, pos: s.pos, runs: runs,
		failure: fmt.Sprintf("%s may reach a cell that is no byte, which circ does not read as bytes", s.text)})
	return true
}

// bounds is the first and last cell index of run k of an object of n
// cells, and the last a pointer in the run may hold: one past the last
// cell where runsAt allows it.
func (ri byteRunInfo) bounds(k, n int) (lo, last, past int) {
	lo = -1
	for i, r := range ri.run {
		if r != k {
			continue
		}
		if lo < 0 {
			lo = i
		}
		last = i
	}
	past = last
	if last+1 == n || ri.endsFlush[k] {
		past++
	}
	return lo, last, past
}

// byteRun is a run of byte cells by address: its first and last cell,
// and the last address a pointer in it may hold; in a summary object,
// those of the representative instance, which every instance's address
// is modulo cfa.InstanceStride.
type byteRun struct {
	lo, last, past int64
	summary        bool
}

// holds reports whether address a is on a cell of the run (of any
// instance of a summary object's).
func (r byteRun) holds(a int64) bool {
	if r.summary && a < cfa.RegionBase {
		a %= cfa.InstanceStride
	}
	return r.lo <= a && a <= r.last
}

// byteGuard is a run-time check of byte arithmetic
// (guardByteArithmetic), added once the points-to analysis is done:
// ptr and res lie in one of runs. deref: res is dereferenced right
// there, so it must lie on a cell of the run, not one past it.
type byteGuard struct {
	at       site
	ptr, res cfa.Expr
	runs     []byteRun
	deref    bool
	pos      cfa.Pos
	failure  string // what a run that fails it does
}

// cond is the guard's condition.
func (g *byteGuard) cond() cfa.Expr {
	within := func(x cfa.Expr, lo, hi int64) cfa.Expr {
		return mkBin(cfa.And, mkBin(cfa.Le, num(lo), x), mkBin(cfa.Le, x, num(hi)))
	}
	// A null pointer moved by nothing stays null.
	var ok cfa.Expr = mkBin(cfa.And, mkBin(cfa.Eq, g.ptr, num(0)), mkBin(cfa.Eq, g.res, num(0)))
	for _, r := range g.runs {
		last := r.past
		if g.deref {
			last = r.last
		}
		if !r.summary {
			ok = mkBin(cfa.Or, ok, mkBin(cfa.And, within(g.ptr, r.lo, r.past), within(g.res, r.lo, last)))
			continue
		}
		// Both in the run of one instance.
		offPtr, offRes := mkBin(cfa.Mod, g.ptr, num(cfa.InstanceStride)), mkBin(cfa.Mod, g.res, num(cfa.InstanceStride))
		same := mkBin(cfa.Eq, mkBin(cfa.Sub, g.ptr, offPtr), mkBin(cfa.Sub, g.res, offRes))
		ok = mkBin(cfa.Or, ok, mkBin(cfa.And, same, mkBin(cfa.And, within(offPtr, r.lo, r.past), within(offRes, r.lo, last))))
	}
	return ok
}

// guardedOut drops from misfits, the addresses of another type that
// deref site s may reach, those that a byte guard at the site (checked
// before s's arms, on s's address) keeps every run from.
func (b *builder) guardedOut(s *derefSite, misfits []int64) []int64 {
	var gs []*byteGuard
	for _, g := range b.byteGuards {
		if g.at == (site{s.t.c, s.from}) && g.res.String() == s.addr.String() {
			g.deref = true
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return misfits
	}
	return slices.DeleteFunc(misfits, func(a int64) bool {
		for _, g := range gs {
			for _, r := range g.runs {
				if r.holds(a) {
					return false
				}
			}
		}
		return true
	})
}

// addByteGuards adds each byte guard at its site: the edges that
// leave the site start after a test of the guard, whose failure is an
// unmodelled step.
func (b *builder) addByteGuards() {
	for _, g := range b.byteGuards {
		c, from := g.at.c, g.at.loc
		l := c.Locs[from]
		newLoc := func() int {
			n := c.NewLoc(l.Atomic, g.pos)
			c.Locs[n].Handler = l.Handler
			return n
		}
		pass, bad, stop := newLoc(), newLoc(), newLoc()
		for _, e := range c.Edges {
			if e.From == from {
				e.From = pass
			}
		}
		ok := g.cond()
		c.AddEdge(&cfa.Edge{Kind: cfa.Assume, Cond: ok, From: from, To: pass, Pos: g.pos})
		c.AddEdge(&cfa.Edge{Kind: cfa.Assume, Cond: cfa.Unary{Op: cfa.Not, X: ok}, From: from, To: bad, Pos: g.pos})
		c.AddEdge(&cfa.Edge{Kind: cfa.Error, From: bad, To: stop, Pos: g.pos, Undefined: true, Unmodelled: true,
			Note: g.failure})
		b.byteGuarded = true
	}
	b.byteGuards = nil
}

// checkByteGuards turns the run-time checks of byte arithmetic
// (guardByteArithmetic) that the ranges stage shows never fail into
// steps that do nothing. One that may fail stays, as an unmodelled
// site (cfa.Edge.Unmodelled): past the bytes, circ's cells are not C's,
// so a run through it is one circ cannot follow. The engines decide
// whether a run reaches it as they decide undefined behaviour, and no
// location is proved safe while one may (report.UnmodelledMemory).
// The program is finished (cfa.Program.Finish), its atomic sections
// marked.
func (b *builder) checkByteGuards() {
	if !b.byteGuarded {
		return
	}
	never := map[*cfa.Edge]bool{}
	edges, _ := ranges.Unreachable(b.prog)
	for _, e := range edges {
		never[e] = true
	}
	for _, c := range b.prog.Templates {
		// A guard is assume ok -> pass, assume !ok -> bad, stop at bad.
		drop := map[*cfa.Edge]bool{}
		failing := map[int]string{} // a guard's location -> its failing condition
		for _, e := range c.Edges {
			if !e.Unmodelled || !never[e] {
				continue
			}
			drop[e] = true
			for _, f := range c.Edges {
				if f.To == e.From && f.Kind == cfa.Assume {
					drop[f] = true
					if not, ok := f.Cond.(cfa.Unary); ok && not.Op == cfa.Not {
						failing[f.From] = not.X.String()
					}
				}
			}
		}
		for _, e := range c.Edges {
			if cond, ok := failing[e.From]; ok && !drop[e] && e.Kind == cfa.Assume && e.Cond.String() == cond {
				e.Kind, e.Cond = cfa.Skip, nil
			}
		}
		c.Edges = slices.DeleteFunc(c.Edges, func(e *cfa.Edge) bool { return drop[e] })
	}
	b.prog.Finish()
}

// byteRunInfo is the runs of byte cells of an object (byteRuns).
type byteRunInfo struct {
	run []int // each cell's run, or -1 for a cell that is no byte
	// endsFlush[k]: the cell after run k starts at the byte after it
	// (no padding between), so one past the run is that cell's address.
	endsFlush map[int]bool
	// padded: two runs are next to each other in cells but apart in
	// bytes.
	padded bool
}

// runsAt lists the runs an address at cell index i may be in: its
// cell's, or the one it is one past (where no padding follows the run,
// or past: the address is only ever one past an array).
func (ri byteRunInfo) runsAt(i int, past bool) map[int]bool {
	here := map[int]bool{}
	if i < len(ri.run) && ri.run[i] >= 0 && !past {
		here[ri.run[i]] = true
	}
	if i > 0 && i-1 < len(ri.run) && ri.run[i-1] >= 0 && (i == len(ri.run) || past || ri.endsFlush[ri.run[i-1]]) {
		here[ri.run[i-1]] = true
	}
	return here
}

// runEnd is the address one past the run of byte cells that address a
// is in, or is one past (pointsto.Subscript.Run); false where a is
// neither, or in an element summary, whose positions offsets keep in
// the tracked element.
func (b *builder) runEnd(a int64) (int64, bool) {
	o, i := b.prog.Memory.Find(a)
	if o == nil || o.Summary() || i > len(o.Cells) {
		return 0, false
	}
	ri := b.runsOf(o)
	if i == len(ri.run) || ri.run[i] < 0 {
		if i > 0 && ri.run[i-1] >= 0 {
			return a, true // one past a run
		}
		return 0, false
	}
	run := ri.run[i]
	for i < len(ri.run) && ri.run[i] == run {
		i++
	}
	return o.Base + int64(i), true
}

// runsOf is byteRuns(o), computed once per object: cells are laid out
// before the points-to analysis, whose callback (runEnd) and checks ask
// again and again.
func (b *builder) runsOf(o *cfa.Object) byteRunInfo {
	if b.runInfo == nil {
		b.runInfo = map[*cfa.Object]byteRunInfo{}
	}
	ri, ok := b.runInfo[o]
	if !ok {
		ri = b.byteRuns(o)
		b.runInfo[o] = ri
	}
	return ri
}

// byteRuns numbers the runs of byte cells of object o at consecutive
// byte offsets. An element summary with a cell that is no byte has no
// run.
func (b *builder) byteRuns(o *cfa.Object) byteRunInfo {
	ri := byteRunInfo{run: make([]int, len(o.Cells)), endsFlush: map[int]bool{}}
	isByte := func(c *cfa.Var) bool {
		ci := b.cells[c]
		return ci != nil && ci.l != nil && ci.l.typ != nil && ci.l.typ.Size() == 1 && c.Kind == cfa.Data
	}
	n := -1
	for i, c := range o.Cells {
		if !isByte(c) {
			if o.Elements() {
				for j := range ri.run {
					ri.run[j] = -1
				}
				return ri
			}
			ri.run[i] = -1
			if i > 0 && ri.run[i-1] >= 0 && b.cells[o.Cells[i-1]].off+1 == b.cells[c].off {
				ri.endsFlush[ri.run[i-1]] = true
			}
			continue
		}
		off := b.cells[c].off
		if i > 0 && ri.run[i-1] >= 0 {
			if b.cells[o.Cells[i-1]].off+1 == off {
				ri.run[i] = n
				continue
			}
			ri.padded = true // a run ends where another starts, bytes apart
		}
		n++
		ri.run[i] = n
	}
	return ri
}

// containerOf lowers the one byte arithmetic circ follows, Linux's
// container_of and list_entry: (T *)((char *)p - K), where K is the
// byte offset (offsetof) of a member of T whose type is what p points
// to (or a void pointer: the member at K). Its cells start at a known
// cell of T, so the result is p moved back by that many cells; a p that
// points elsewhere makes the arithmetic undefined, and the points-to
// analysis sends a result outside every object to the error arm. ok is
// false for any other cast.
func (t *tb) containerOf(x *cc.CastExpression, want bool) (cfa.Expr, bool) {
	st := pointee(x.Type())
	sub, isSub := strip(x.CastExpression).(*cc.AdditiveExpression)
	if st == nil || !t.b.isStruct(st) || !isSub || sub.Case != cc.AdditiveExpressionSub {
		return nil, false
	}
	k, known := intValue(sub.MultiplicativeExpression.Value())
	c, isCast := strip(sub.AdditiveExpression).(*cc.CastExpression)
	if !known || !isCast || c.Case != cc.CastExpressionCast || !isPtr(c.Type()) || pointee(c.Type()).Size() != 1 {
		return nil, false
	}
	if s := t.b.packedIn(st); s != "" {
		t.b.fail(x, "unsupported: byte arithmetic into %s, which gcc packs (cc/v4 lays it out unpacked)", s)
	}
	var outer, member []cellSpec
	t.b.layout(st, "", 0, false, &outer)
	// From a void pointer, the member is whatever starts at K.
	if mt := pointee(c.CastExpression.Type()); mt != nil && !isVoid(mt) {
		t.b.layout(mt, "", 0, false, &member)
	}
	for i, cs := range outer {
		if cs.off != k || i+len(member) > len(outer) {
			continue
		}
		fits := true
		for j, m := range member {
			fits = fits && outer[i+j].off == k+m.off && compatible(t.b, outer[i+j].typ, m.typ)
		}
		if fits {
			p := t.expr(c.CastExpression, true)
			return unless(want, mkBin(cfa.Sub, p, num(int64(i)))), true
		}
	}
	return nil, false
}

// cellStride is stride without the byte-pointer check, for an array of
// bytes indexed as itself.
func (t *tb) cellStride(elem cc.Type, n cc.Node) int64 {
	k, bad := t.b.cellCount(elem)
	if bad != "" {
		t.b.fail(n, "unsupported: pointer arithmetic on a pointer to %s", bad)
	}
	return k
}

// fieldOffset is the cell index of field f inside a struct of type st.
func (b *builder) fieldOffset(st cc.Type, name string, n cc.Node) (int64, *cc.Field) {
	s, ok := fieldsOf(st)
	if !ok || !b.isStruct(st) {
		b.fail(n, "unsupported: member access on %s", describe(st))
	}
	var off int64
	for i := 0; i < s.NumFields(); i++ {
		f := s.FieldByIndex(i)
		if f == nil || (f.Name() == "" && f.IsBitfield()) {
			continue
		}
		if f.Name() == name {
			return off, f
		}
		k, bad := b.cellCount(f.Type())
		if f.Name() == "" && bad == "" && b.isStruct(f.Type()) && hasMember(f.Type(), name) {
			in, inner := b.fieldOffset(f.Type(), name, n)
			return off + in, inner
		}
		if bad != "" || f.IsBitfield() || f.Name() == "" && !b.isStruct(f.Type()) {
			k = 1
		}
		off += k
	}
	b.fail(n, "unsupported: member %s (in an anonymous member?)", name)
	return 0, nil
}

// cellSpec is one leaf of a laid-out type.
type cellSpec struct {
	path string
	typ  cc.Type
	off  int64 // byte offset, to find initializers
	bad  string
	// atomic: the cell belongs to an _Atomic object, field or struct
	// (gcc makes every access to a member of an atomic struct atomic).
	atomic bool
	// arms places the cell in the unions it lies in, outermost first
	// (unions.go).
	arms []unionArm
	// bitField is the bit-field the cell holds, if any, and bitRun
	// names the memory location it shares with its neighbours
	// (bitfields.go).
	bitField *cc.Field
	bitRun   string
}

// layout lists the cells of type t in memory order; it agrees with
// cellCount.
func (b *builder) layout(t cc.Type, path string, off int64, atomic bool, out *[]cellSpec) {
	switch {
	case t.Kind() == cc.Array:
		at := t.(*cc.ArrayType)
		es := at.Elem().Size()
		for i := int64(0); i < at.Len(); i++ {
			b.layout(at.Elem(), fmt.Sprintf("%s[%d]", path, i), off+i*es, atomic, out)
		}
	case b.isStruct(t):
		st, _ := fieldsOf(t)
		if t.Kind() == cc.Union {
			b.layoutUnion(st, path, off, atomic, out)
			break
		}
		runs := bitFieldRuns(st)
		for i := 0; i < st.NumFields(); i++ {
			b.layoutField(st.FieldByIndex(i), path, off, atomic, out)
			if last := len(*out) - 1; last >= 0 && (*out)[last].bitField == st.FieldByIndex(i) {
				(*out)[last].bitRun = fmt.Sprintf("%s#%d", path, runs[i])
			}
		}
	default:
		cs := cellSpec{path: path, typ: t, off: off, atomic: atomic}
		if _, bad := b.classify(t); bad != "" {
			cs.bad = "unsupported: " + bad + " object"
		}
		*out = append(*out, cs)
	}
}

// layoutField lists the cells of field fl of a struct or union at path
// and byte offset off.
func (b *builder) layoutField(fl *cc.Field, path string, off int64, atomic bool, out *[]cellSpec) {
	if fl == nil || (fl.Name() == "" && fl.IsBitfield()) {
		return
	}
	p := path + "." + fl.Name()
	switch _, bad := b.cellCount(fl.Type()); {
	case fl.IsBitfield():
		*out = append(*out, cellSpec{path: p, typ: fl.Type(), off: off + fl.Offset(), atomic: atomic, bitField: fl})
	case fl.Name() == "" && b.isStruct(fl.Type()) && bad == "":
		// An anonymous member: its members are the enclosing one's.
		b.layout(fl.Type(), path, off+fl.Offset(), atomic, out)
	case fl.Name() == "":
		*out = append(*out, cellSpec{path: p, typ: fl.Type(), off: off + fl.Offset(), bad: "unsupported: anonymous struct or union member"})
	case fl.IsFlexibleArrayMember():
		*out = append(*out, cellSpec{path: p, typ: fl.Type(), off: off + fl.Offset(), bad: "unsupported: flexible array member " + fl.Name()})
	case bad != "":
		*out = append(*out, cellSpec{path: p, typ: fl.Type(), off: off + fl.Offset(), bad: "unsupported: " + bad + " field " + fl.Name()})
	default:
		b.layout(fl.Type(), p, off+fl.Offset(), atomic || b.isAtomicObject(fl.Declarator()), out)
	}
}

// cellInfo is what the builder knows about a cell variable.
type cellInfo struct {
	obj *cfa.Object
	idx int
	l   *local
	off int64 // the cell's byte offset in its object (in one element or instance of a summary)
}

// newObject lays out an object of type typ named name and creates its
// cells with mk (nil: global data cells, zero). It registers each cell.
func (b *builder) newObject(kind cfa.ObjectKind, name string, typ cc.Type, pos cfa.Pos, owner *cfa.CFA, n cc.Node, mk func(cs cellSpec) *local) *cfa.Object {
	if _, bad := b.cellCount(typ); bad != "" {
		b.fail(n, "unsupported: %s %s", bad, name)
	}
	var specs []cellSpec
	b.layout(typ, "", 0, false, &specs)
	return b.newObjectCells(kind, name, specs, pos, owner, mk)
}

// newObjectCells creates an object with the given cells. Its address
// is fixed first, and recorded under key when key is not nil, so that
// the cells' initializers may take it.
func (b *builder) newObjectCells(kind cfa.ObjectKind, name string, specs []cellSpec, pos cfa.Pos, owner *cfa.CFA, mk func(cs cellSpec) *local) *cfa.Object {
	return b.layOut(&cfa.Object{Name: name, Kind: kind, Pos: pos, Owner: owner}, specs, mk)
}

// layOut reserves object o (an element summary if o.Stride is set) and
// gives it the cells of specs, each made by mk.
func (b *builder) layOut(o *cfa.Object, specs []cellSpec, mk func(cs cellSpec) *local) *cfa.Object {
	name, pos := o.Name, o.Pos
	b.prog.Memory.Reserve(o, len(specs))
	if b.placing != nil {
		b.objects[b.placing] = o
		b.placing = nil
	}
	for _, cs := range specs {
		var l *local
		if cs.bad != "" {
			l = &local{bad: cs.bad + " (in " + name + ")", typ: cs.typ}
			l.v = &cfa.Var{Name: b.unique(name + cs.path), Global: true, CName: name + cs.path, Pos: pos}
			b.prog.Globals = append(b.prog.Globals, l.v)
		} else {
			l = mk(cs)
		}
		b.setType(l.v, cs.typ)
		b.narrowBitField(l.v, cs.bitField)
		o.Cells = append(o.Cells, l.v)
		o.Paths = append(o.Paths, cs.path)
		b.cells[l.v] = &cellInfo{obj: o, l: l, idx: len(o.Cells) - 1, off: cs.off}
		b.cellTyp[l.v] = cs.typ
	}
	b.noteOverlaps(specs, o.Cells)
	return o
}

// inMemory reports whether declarator d's object lives in memory.
func (b *builder) inMemory(d *cc.Declarator) bool {
	if d.Type() != nil && (d.Type().Kind() == cc.Array || b.holdsArray(d.Type())) {
		return true
	}
	return b.addrTaken[b.objKey(d)]
}

// holdsArray reports whether struct type t has an array field, at any
// depth: its elements are cells, indexed like any array's.
func (b *builder) holdsArray(t cc.Type) bool {
	if !b.isStruct(t) {
		return false
	}
	st, _ := fieldsOf(t)
	for i := 0; i < st.NumFields(); i++ {
		if f := st.FieldByIndex(i); f != nil && !f.IsBitfield() && !f.IsFlexibleArrayMember() && (isArray(f.Type()) || b.holdsArray(f.Type())) {
			return true
		}
	}
	return false
}

// scanAddressTaken finds the objects whose address the program takes:
// the base variable of every &x, &x.f, &x[i] outside the object argument
// of a synchronization call written &v (which needs no memory).
func (b *builder) scanAddressTaken() {
	b.addrTaken = map[any]bool{}
	mark := func(n cc.ExpressionNode) {
		for {
			switch x := strip(n).(type) {
			case *cc.PrimaryExpression:
				if x.Case == cc.PrimaryExpressionIdent {
					if d, ok := x.ResolvedTo().(*cc.Declarator); ok {
						b.addrTaken[b.objKey(d)] = true
					}
				}
				return
			case *cc.PostfixExpression:
				switch x.Case {
				case cc.PostfixExpressionSelect, cc.PostfixExpressionIndex:
					if x.Case == cc.PostfixExpressionIndex && isPtr(x.PostfixExpression.Type()) {
						return
					}
					n = x.PostfixExpression
					continue
				case cc.PostfixExpressionPrimary:
					n = x.PrimaryExpression
					continue
				}
				return
			case *cc.UnaryExpression:
				if x.Case == cc.UnaryExpressionPostfix {
					n = x.PostfixExpression
					continue
				}
				return
			default:
				return
			}
		}
	}
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		u, ok := n.(*cc.UnaryExpression)
		if !ok || u.Case != cc.UnaryExpressionAddrof {
			return true
		}
		if b.syncArgOnly(u, stack) {
			return true
		}
		mark(u.CastExpression)
		return true
	})
}

// syncArgOnly reports whether &v (u) is directly an argument of a call of
// a concurrency primitive and v a synchronization object or pthread_t:
// the lowering names v itself.
func (b *builder) syncArgOnly(u *cc.UnaryExpression, stack []any) bool {
	if b.syncTypeName(u.CastExpression.Type()) == "" {
		return false
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch x := stack[i].(type) {
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionCall {
				continue
			}
			pe, ok := strip(x.PostfixExpression).(*cc.PrimaryExpression)
			if !ok || pe.Case != cc.PrimaryExpressionIdent {
				return false
			}
			name := pe.Token.SrcStr()
			_, prim := prims[name]
			if (name == "pthread_create" || name == "thrd_create") && argIndex(x, u, stack[i:]) >= 2 {
				return false // the thread's argument: the address escapes
			}
			return (prim || name == "pthread_create" || name == "pthread_join" || strings.HasPrefix(name, "thrd_")) && b.funcs[name] == nil
		case *cc.ArgumentExpressionList, *cc.AssignmentExpression, *cc.ConditionalExpression, *cc.CastExpression,
			*cc.LogicalOrExpression, *cc.LogicalAndExpression, *cc.InclusiveOrExpression, *cc.ExclusiveOrExpression,
			*cc.AndExpression, *cc.EqualityExpression, *cc.RelationalExpression, *cc.ShiftExpression,
			*cc.AdditiveExpression, *cc.MultiplicativeExpression, *cc.UnaryExpression, *cc.PrimaryExpression:
			if a, ok := x.(*cc.AssignmentExpression); ok && a.Case != cc.AssignmentExpressionCond {
				return false
			}
			continue
		default:
			return false
		}
	}
	return false
}

// argIndex is the index of the argument of call x that holds u (the
// walk's stack from x down), or -1.
func argIndex(x *cc.PostfixExpression, u *cc.UnaryExpression, stack []any) int {
	on := map[any]bool{u: true}
	for _, n := range stack {
		on[n] = true
	}
	for k, a := range args(x.ArgumentExpressionList) {
		if on[a] {
			return k
		}
	}
	return -1
}

// objectLocal builds the local of a variable living in object o, of type
// typ: its cells' locals arranged as the type is (struct members by
// name, array elements as members "[i]"), so that a member or an element
// at a constant index is the cell itself.
func (b *builder) objectLocal(o *cfa.Object, typ cc.Type, atomic bool) *local {
	i := 0
	next := func() *local {
		l := b.cells[o.Cells[i]].l
		i++
		return l
	}
	// atomic: the struct at hand is _Atomic as a whole (the object, an
	// element of an atomic array, an _Atomic member), so that a copy
	// of it is one atomic access (copyStruct).
	var build func(t cc.Type, atomic bool) *local
	build = func(t cc.Type, atomic bool) *local {
		switch {
		case isArray(t):
			at := t.(*cc.ArrayType)
			l := &local{typ: t}
			for k := int64(0); k < at.Len(); k++ {
				l.members = append(l.members, member{name: fmt.Sprintf("[%d]", k), l: build(at.Elem(), atomic)})
			}
			return l
		case b.isStruct(t):
			st, _ := fieldsOf(t)
			l := &local{typ: t, atomic: atomic}
			for k := 0; k < st.NumFields(); k++ {
				f := st.FieldByIndex(k)
				if f == nil || (f.Name() == "" && f.IsBitfield()) {
					continue
				}
				var fl *local
				if _, bad := b.cellCount(f.Type()); bad == "" && f.Name() == "" && b.isStruct(f.Type()) {
					// An anonymous member: its members are this one's.
					l.members = append(l.members, build(f.Type(), atomic).members...)
					continue
				}
				if _, bad := b.cellCount(f.Type()); bad != "" || f.IsBitfield() || f.Name() == "" || f.IsFlexibleArrayMember() {
					fl = next()
				} else {
					fl = build(f.Type(), atomic || b.isAtomicObject(f.Declarator()))
				}
				l.members = append(l.members, member{name: f.Name(), l: fl})
			}
			return l
		}
		return next()
	}
	l := build(typ, atomic)
	l.obj = o
	return l
}

// cellKey identifies a cell of a variable's object for the mutex-kind
// scan: the variable's key, or its field path.
func cellKey(key any, path string) any {
	if path == "" {
		return key
	}
	return fieldObj{key, strings.TrimPrefix(path, ".")}
}

// markHandleSummaries sets cfa.Var.HandleSummary on the cells of every
// summary object that holds a thread handle.
func markHandleSummaries(p *cfa.Program) {
	if p.Memory == nil {
		return
	}
	for _, o := range p.Memory.Objects {
		if o.Summary() && slices.ContainsFunc(o.Cells, func(v *cfa.Var) bool { return v.Kind == cfa.Handle }) {
			for _, v := range o.Cells {
				v.HandleSummary = true
			}
		}
	}
}

// minHandleSummary is the length from which an array of thread handles
// is an element summary.
const minHandleSummary = 6

// handleArray reports whether d declares an array that circ keeps as an
// element summary (cfa.Memory) when its storage allows (summarizes): at
// least minHandleSummary thread handles, without an initializer. Each
// handle of a shorter array is a cell of its own and the counting loops
// over it are unrolled (unroll.go), so that every thread is a template
// of its own; the states of that grow exponentially with the length,
// and beyond a few handles no proof finishes. The summary tracks one
// handle, any of them, and its thread: the creations through the others
// start shadow threads (cfa.CFA.Shadows), as for a heap array of
// handles, which proves a join of all handles for any length.
//
// An array of plain data too large for a cell per element (more than
// summaryCells cells: a char buffer of a real program) is such a summary
// too: it tracks one element, any of them, whose cells are race targets
// (buf[*]), and a read of another yields any value.
// It returns the type of the summary's elements and their number.
func (b *builder) handleArray(d *cc.Declarator) (elem cc.Type, n int64, ok bool) {
	at, ok := d.Type().(*cc.ArrayType)
	if !ok || at.IsVLA() || at.IsIncomplete() || !b.zeroInitialized(d) || d.IsThreadLocal() {
		return nil, 0, false
	}
	if elem, n, ok := b.largeDataArray(at, b.dataLimit(d)); ok {
		return elem, n, true
	}
	if at.Len() < minHandleSummary || (b.handlesApart && at.Len() <= MaxHandlesApart) {
		return nil, 0, false
	}
	k, bad := b.classify(at.Elem())
	return at.Elem(), at.Len(), bad == "" && k == cfa.Handle
}

// zeroInitialized reports whether d has no initializer, or is of file
// scope with one that sets every member to zero (char buf[N] = {0}):
// the same initial state, so an array summary of it is as exact.
func (b *builder) zeroInitialized(d *cc.Declarator) bool {
	if !d.HasInitializer() {
		return true
	}
	if !b.isFileScope(d) {
		return false
	}
	zero, ok := b.zeroInits[d]
	if !ok {
		zero = zeroInit(b.initializerOf(d))
		if b.zeroInits == nil {
			b.zeroInits = map[*cc.Declarator]bool{}
		}
		b.zeroInits[d] = zero
	}
	return zero
}

// largeDataArray reports whether array type at has more than
// summaryCells cells, elements of at most summaryCells cells, and only
// data cells (no synchronization object, handle or atomic object, whose
// summaries circ does not model). An array of arrays whose rows are
// larger (char buf[9][8193]) is one of their elements, row after row:
// elem and n are the summary's element type and their number.
func (b *builder) largeDataArray(at *cc.ArrayType, limit int64) (elem cc.Type, n int64, ok bool) {
	elem, n = at.Elem(), at.Len()
	for {
		row, isRow := elem.(*cc.ArrayType)
		if k, bad := b.cellCount(elem); !isRow || bad != "" || k <= summaryCells || row.IsVLA() || row.IsIncomplete() || row.Len() <= 0 {
			break
		}
		elem, n = row.Elem(), n*row.Len()
	}
	return elem, n, b.largeData(elem, n, limit)
}

// dataLimit is the cells past which the array d declares is an element
// summary (largeDataArray): summaryCells, or for a byte buffer on the
// stack summaryBytes. Such a buffer (a log line's char[200], written by
// snprintf at a run-time offset) costs an edge per byte for each
// access, in each inlined copy of its function; a static one is laid
// out once, and its bytes stay race targets of their own.
func (b *builder) dataLimit(d *cc.Declarator) int64 {
	if b.isFileScope(d) || d.IsStatic() || d.IsExtern() {
		return summaryCells
	}
	return bytesLimit(d.Type(), summaryCells)
}

// bytesLimit is limit, the cells past which data of type elem is an
// element summary, or summaryBytes for bytes (chars and arrays of them).
func bytesLimit(elem cc.Type, limit int64) int64 {
	if scalar := baseElem(elem); isInt(scalar) && scalar.Size() == 1 {
		return min(limit, summaryBytes)
	}
	return limit
}

// baseElem is the scalar (or struct) type under t's array dimensions.
func baseElem(t cc.Type) cc.Type {
	for {
		at, ok := t.(*cc.ArrayType)
		if !ok {
			return t
		}
		t = at.Elem()
	}
}

// largeData reports whether count objects of type elem make more than
// limit cells, each object at most summaryCells, all of them data
// cells (largeDataArray).
func (b *builder) largeData(elem cc.Type, count, limit int64) bool {
	n, bad := b.cellCount(elem)
	if bad != "" || n > summaryCells || count <= limit/max(n, 1) {
		return false
	}
	var specs []cellSpec
	b.layout(elem, "", 0, false, &specs)
	for _, cs := range specs {
		if k, bad := b.classify(cs.typ); bad != "" || k != cfa.Data || cs.atomic || cs.bad != "" {
			return false
		}
	}
	return true
}

// summarizes reports whether the array d declares is an element summary
// (handleArray): one of static storage, or a local of the main thread,
// which runs once, so that its summary's tracked element, chosen when
// main starts, is one element of one array.
func (t *tb) summarizes(d *cc.Declarator) bool {
	if _, _, ok := t.b.handleArray(d); !ok {
		return false
	}
	if t.b.isFileScope(d) || d.IsStatic() || d.IsExtern() || t == t.b.mainTB {
		return true
	}
	// A large buffer of another thread: each thread's own while it
	// does not escape (privatize), the tracked element one index for
	// all of them.
	_, _, large := t.b.largeDataArray(d.Type().(*cc.ArrayType), t.b.dataLimit(d))
	return large
}

// elementSummary lays out o as an element summary of objects of type
// elem, each cell made by mk, with its tracked element and length.
func (b *builder) elementSummary(o *cfa.Object, elem cc.Type, atomic bool, mk func(cs cellSpec) *local) *cfa.Object {
	var specs []cellSpec
	b.layout(elem, "[*]", 0, atomic, &specs)
	o.Stride = int64(len(specs))
	b.layOut(o, specs, mk)
	o.Instance = b.summaryVar(o, "::element")
	o.Len = b.summaryVar(o, "::length")
	return o
}

// arraySummary makes the object of array variable d (handleArray) an
// element summary of constant length, each cell made by mk: the local
// of d has no members, so that every element access goes through its
// address.
func (b *builder) arraySummary(d *cc.Declarator, o *cfa.Object, mk func(cs cellSpec) *local) *local {
	elem, n, _ := b.handleArray(d)
	b.elementSummary(o, elem, b.isAtomicObject(d), mk)
	o.Len.Init = n
	return &local{typ: d.Type(), obj: o}
}

// staticObject creates a variable of static storage that lives in
// memory, each cell from its constant initializer.
func (b *builder) staticObject(d *cc.Declarator, name, cname string, init *cc.Initializer) *local {
	if _, _, ok := b.handleArray(d); ok {
		key := b.objKey(d)
		b.placing = key
		defer func() { b.placing = nil }()
		return b.arraySummary(d, &cfa.Object{Name: name, Kind: cfa.StaticObject, Pos: b.pos(d)}, func(cs cellSpec) *local {
			kind, _ := b.classify(cs.typ)
			return b.staticScalar(d, name+cs.path, cname+cs.path, cs.typ, kind, cellKey(key, cs.path), cs.atomic, nil)
		})
	}
	if init != nil && init.Case == cc.InitializerExpr && !isInt(d.Type()) && !isPtr(d.Type()) && !isFloat(d.Type()) && stringLiteralOf(init) == nil {
		b.fail(init, "unsupported: initializer of %s from a value of type %s", cname, describe(init.Type()))
	}
	img := b.unionImage(d.Type(), init)
	key := b.objKey(d)
	atomicObj := b.isAtomicObject(d)
	b.placing = key
	defer func() { b.placing = nil }() // also when the layout fails
	o := b.newObject(cfa.StaticObject, name, d.Type(), b.pos(d), nil, d, func(cs cellSpec) *local {
		kind, _ := b.classify(cs.typ)
		atomic := atomicObj || cs.atomic
		if len(cs.arms) > 0 && kind == cfa.Data {
			l := b.staticScalar(d, name+cs.path, cname+cs.path, cs.typ, kind, cellKey(key, cs.path), atomic, nil)
			l.v.Init = img.value(cs.off, cs.typ, cs.bitField, b, d)
			return l
		}
		li := init
		if cs.path != "" {
			li = b.leafInit(init, cs.off, cs.typ, cs.bitField, b.syncTypeName(cs.typ), cname+cs.path)
		}
		if c, ok := stringChar(li, cs.off, cs.typ); ok {
			l := b.staticScalar(d, name+cs.path, cname+cs.path, cs.typ, kind, cellKey(key, cs.path), atomic, nil)
			l.v.Init = c
			return l
		}
		return b.staticScalar(d, name+cs.path, cname+cs.path, cs.typ, kind, cellKey(key, cs.path), atomic, li)
	})
	b.objects[key] = o
	return b.objectLocal(o, d.Type(), atomicObj)
}

// stackObject creates the object of a local variable (or parameter) of
// this activation that lives in memory; its cells are globals until
// settle decides whether the object stays private to its thread.
func (t *tb) stackObject(d *cc.Declarator, typ cc.Type) *local {
	b := t.b
	name := t.fr.name + "::" + d.Name()
	key := b.objKey(d)
	pos := b.pos(d)
	atomicObj := t.b.isAtomicObject(d)
	oname := b.unique(name)
	mk := func(cs cellSpec) *local {
		l := b.dynamicCell(oname, cs, pos, cellKey(key, cs.path))
		b.atomic[l.v] = atomicObj || cs.atomic
		return l
	}
	var l *local
	if t.summarizes(d) {
		l = b.arraySummary(d, &cfa.Object{Name: oname, Kind: cfa.StackObject, Pos: pos, Owner: t.c}, mk)
	} else {
		l = b.objectLocal(b.newObject(cfa.StackObject, oname, typ, pos, t.c, d, mk), typ, atomicObj)
	}
	t.fr.vars[d] = l
	return l
}

// initObject lowers the initialization of a local object in memory:
// from its initializer (missing members are zero), or an arbitrary value
// in every data cell.
func (t *tb) initObject(l *local, typ cc.Type, init *cc.Initializer, p cfa.Pos) {
	o := l.obj
	if o.Elements() {
		// An array summary without an initializer (handleArray):
		// thread handles, or data of indeterminate value.
		t.indeterminate(o.Cells, "uninitialized array "+o.Name, p)
		return
	}
	var specs []cellSpec
	t.b.layout(typ, "", 0, false, &specs)
	if init != nil && init.Case == cc.InitializerInitList {
		t.b.checkStructInit(init, o.Name)
	}
	whole := newWholeCopy(t.c)
	defer t.restoreUnionInits(specs, o.Cells, init, p)
	defer whole.done(t.b)
	if init != nil && init.Case == cc.InitializerExpr && (t.b.isStruct(typ) || isArray(typ) && stringLiteralOf(init) == nil) {
		if isArray(typ) {
			t.b.fail(init, "unsupported: initializer of array %s", o.Name)
		}
		src := t.structRvalue(init.AssignmentExpression)
		t.copyStruct(lval{l: l, typ: typ, n: init}, src, o.Name, p)
		return
	}
	for i, cs := range specs {
		ci := t.b.cells[o.Cells[i]]
		v := ci.l.v
		if init == nil {
			switch {
			case ci.l.bad != "":
			case v.Kind == cfa.Data:
				lo, hi := t.b.rangeOf(cs.typ)
				n := len(t.c.Edges)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: "uninitialized " + v.CName})
				whole.write(v, n)
			case v.Kind == cfa.Mutex:
				t.setGarbage(v, true, p)
			}
			continue
		}
		li := init
		if cs.path != "" {
			li = t.b.leafInit(init, cs.off, cs.typ, cs.bitField, ci.l.sync, v.CName)
		}
		if ci.l.bad != "" {
			if li != nil {
				t.b.fail(init, "%s", ci.l.bad)
			}
			continue
		}
		if ci.l.sync != "" && v.Kind != cfa.Handle {
			t.b.syncInit(v, ci.l.sync, li, ci.l.key)
			t.declaredSync(ci.l, p)
			continue
		}
		var e cfa.Expr = num(0)
		var et cc.Type
		if li != nil {
			for li.Case == cc.InitializerInitList && li.InitializerList != nil && li.InitializerList.InitializerList == nil {
				li = li.InitializerList.Initializer
			}
			if li.Case != cc.InitializerExpr {
				t.b.fail(li, "unsupported: initializer of %s", v.CName)
			}
			if c, ok := stringChar(li, cs.off, cs.typ); ok {
				e, et = num(c), cs.typ
			} else {
				if li.AssignmentExpression.Type() != nil && isArray(li.AssignmentExpression.Type()) && !isPtr(cs.typ) {
					t.b.fail(li, "unsupported: string initializer of %s", o.Name)
				}
				e, et = t.initValue(li.AssignmentExpression, v, cs.typ), nil
			}
		}
		if et != nil {
			e = t.fit(li, v, e, et)
		}
		if t.b.atomic[v] {
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: e, Pos: p})
			continue
		}
		n := len(t.c.Edges)
		t.assignTo(v, e, p)
		whole.write(v, n)
	}
}

// constAddr evaluates a constant address expression of a static
// initializer: null, &v, &v.f, &v[k], an array or a function.
func (b *builder) constAddr(n cc.ExpressionNode) (int64, bool) {
	s := stripCasts(n)
	if isNull(s) {
		return 0, true
	}
	if isInt(s.Type()) {
		v, ok := intValue(s.Value())
		return v, ok && !hasSE(s)
	}
	switch x := s.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionString || x.Case == cc.PrimaryExpressionLString {
			return b.literal(x).Base, true
		}
		if x.Case != cc.PrimaryExpressionIdent {
			return 0, false
		}
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok {
			if isFunc(d.Type()) {
				return b.funcObject(x.Token.SrcStr(), b.pos(x)).Base, true
			}
			if isArray(d.Type()) {
				return b.constLvalue(x)
			}
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionAddrof:
			if pe, ok := strip(x.CastExpression).(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
				if d, ok := pe.ResolvedTo().(*cc.Declarator); ok && isFunc(d.Type()) {
					return b.constAddr(pe)
				}
			}
			return b.constLvalue(x.CastExpression)
		case cc.UnaryExpressionPostfix:
			return b.constAddr(x.PostfixExpression)
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionPrimary {
			return b.constAddr(x.PrimaryExpression)
		}
		if isArray(x.Type()) {
			return b.constLvalue(x)
		}
	case *cc.AdditiveExpression:
		base, ok := b.constAddr(x.AdditiveExpression)
		k, ok2 := intValue(x.MultiplicativeExpression.Value())
		if !ok || !ok2 || !isPtr(x.AdditiveExpression.Type()) {
			return 0, false
		}
		st, bad := b.cellCount(pointee(x.AdditiveExpression.Type()))
		if bad != "" {
			return 0, false
		}
		if x.Case == cc.AdditiveExpressionSub {
			k = -k
		}
		return base + k*st, true
	}
	return 0, false
}

// constLvalue is the address of a static lvalue v, v.f or v[k].
func (b *builder) constLvalue(n cc.ExpressionNode) (int64, bool) {
	switch x := strip(n).(type) {
	case *cc.PrimaryExpression:
		if x.Case != cc.PrimaryExpressionIdent {
			return 0, false
		}
		d, ok := x.ResolvedTo().(*cc.Declarator)
		if !ok || !(b.isFileScope(d) || d.IsExtern() || d.IsStatic()) {
			return 0, false
		}
		if o := b.objects[b.objKey(d)]; o != nil {
			return o.Base, true // also while its initializer is lowered
		}
		var l *local
		if b.isFileScope(d) || d.IsExtern() {
			l = b.global(d.Name())
		} else {
			l = b.statics[d]
		}
		if l == nil || l.obj == nil {
			return 0, false
		}
		return l.obj.Base, true
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return b.constLvalue(x.PrimaryExpression)
		case cc.PostfixExpressionSelect:
			base, ok := b.constLvalue(x.PostfixExpression)
			if !ok {
				return 0, false
			}
			off, _ := b.fieldOffset(x.PostfixExpression.Type(), x.Token2.SrcStr(), x)
			return base + off, true
		case cc.PostfixExpressionIndex:
			base, ok := b.constLvalue(x.PostfixExpression)
			k, ok2 := intValue(x.ExpressionList.Value())
			if !ok || !ok2 {
				return 0, false
			}
			st, bad := b.cellCount(x.Type())
			if bad != "" {
				return 0, false
			}
			return base + k*st, true
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return b.constLvalue(x.PostfixExpression)
		}
	}
	return 0, false
}

// dynamicCell creates the variable of cell cs of a stack or heap object
// named oname (a unique name): a global until settle decides, named as
// the race target it is.
func (b *builder) dynamicCell(oname string, cs cellSpec, pos cfa.Pos, key any) *local {
	kind, _ := b.classify(cs.typ)
	name := oname
	if cs.path != "" {
		name = b.unique(oname + cs.path)
	}
	v := &cfa.Var{Name: name, Global: true, Kind: kind, CName: oname + cs.path, Pos: pos, Frame: -1}
	b.prog.Globals = append(b.prog.Globals, v)
	return &local{v: v, typ: cs.typ, sync: b.syncTypeName(cs.typ), key: key}
}

// literal is the object of string literal x: one char cell per byte,
// the terminating 0 included, named after its position. Each
// evaluation of x yields this object (C lets equal literals share).
func (b *builder) literal(x *cc.PrimaryExpression) *cfa.Object {
	if o := b.literals[x]; o != nil {
		return o
	}
	elem := pointee(x.Type())
	var vals []int64 // the elements, as C reads them
	switch sv := x.Value().(type) {
	case cc.StringValue:
		for _, c := range []byte(string(sv)) {
			if cc.IsSignedInteger(elem) {
				vals = append(vals, int64(int8(c)))
			} else {
				vals = append(vals, int64(c))
			}
		}
	case cc.UTF32StringValue, cc.UTF16StringValue: // L"..." (wide.go)
		vals, _ = wideUnits(x.Token.SrcStr(), elem, true) // checked (checkWideLiterals)
	default:
		b.fail(x, "unsupported: string literal")
	}
	if elem == nil {
		b.fail(x, "unsupported: string literal")
	}
	// cc's value may or may not hold the terminating 0.
	if len(vals) == 0 || vals[len(vals)-1] != 0 {
		vals = append(vals, 0)
	}
	p := b.pos(x)
	name := b.unique(fmt.Sprintf("string@%s:%d:%d", baseName(p.File), p.Line, p.Col))
	specs := make([]cellSpec, len(vals))
	for i := range specs {
		specs[i] = cellSpec{path: fmt.Sprintf("[%d]", i), typ: elem, off: int64(i) * elem.Size()}
	}
	o := b.newObjectCells(cfa.StringObject, name, specs, p, nil, func(cs cellSpec) *local {
		val := vals[cs.off/elem.Size()]
		v := &cfa.Var{Name: b.unique(name + cs.path), Global: true, CName: name + cs.path, Pos: p, Init: val}
		b.prog.Globals = append(b.prog.Globals, v)
		return &local{v: v, typ: cs.typ}
	})
	b.literals[x] = o
	return o
}

// readOnly reports whether l is a cell of a string literal.
func (b *builder) readOnly(l *local) bool {
	ci := b.cells[l.v]
	return l.v != nil && ci != nil && ci.obj.Kind == cfa.StringObject
}

// writeReadOnly lowers a write into read-only cell l: undefined
// behaviour, which stops the program.
func (t *tb) writeReadOnly(l *local, p cfa.Pos) {
	t.undefined(p, "write into string literal "+l.v.CName)
}

// checkLiteralCompares rejects a comparison of two addresses that may
// both be string literals: C leaves unspecified whether equal literals
// (or a literal and another's tail) share storage, and circ lays each
// one out apart, so it would decide only one of the outcomes.
func (b *builder) checkLiteralCompares(r *pointsto.Result) {
	if len(b.literals) == 0 {
		return
	}
	literal := func(e cfa.Expr) bool {
		vals := r.Eval(e)
		if vals.Top {
			return true
		}
		for _, a := range vals.All() {
			if o, _ := b.prog.Memory.Find(a); o != nil && o.Kind == cfa.StringObject {
				return true
			}
		}
		return false
	}
	skip := map[*cfa.Edge]bool{} // the front end's own guards
	for e := range b.arms {
		skip[e] = true
	}
	for _, s := range b.derefs {
		skip[s.err] = true
	}
	b.eachExpr(r, func(e *cfa.Edge, x cfa.Expr) {
		if c, ok := x.(cfa.Binary); ok && !skip[e] && c.Op >= cfa.Eq && c.Op <= cfa.Ge && literal(c.X) && literal(c.Y) {
			b.failAt(e.Pos, "unsupported: comparison of addresses that may both be string literals (C leaves unspecified whether equal literals share storage)")
		}
	})
}

// checkIntegerArithmetic rejects the source's integer arithmetic on a
// value that may be an address ((uintptr_t)&a[1] - sizeof(int),
// (uintptr_t)p & 3): circ numbers cells, not bytes, so it would compute
// another value than the program. A value circ does not know (Top, a
// library's result) is no address it laid out: any arithmetic on it is
// still any value.
func (b *builder) checkIntegerArithmetic(r *pointsto.Result) {
	addr := func(e cfa.Expr) bool {
		v := r.Eval(e)
		return len(v.Addrs) > 0 || len(v.Past) > 0
	}
	b.eachExpr(r, func(e *cfa.Edge, x cfa.Expr) {
		n, ok := b.intOps[x]
		if !ok {
			return
		}
		switch x := x.(type) {
		case cfa.Binary:
			if addr(x.X) || addr(x.Y) {
				b.fail(n, "unsupported: integer arithmetic on an address (%s): circ numbers memory in cells, not bytes", nodeText(n))
			}
		case cfa.Unary:
			if !addr(x.X) {
				return
			}
			if to, ok := x.Op.IntType(); ok {
				b.fail(n, "unsupported: conversion of an address to %s (%s): it keeps only some of the address's bits", to, nodeText(n))
			}
			b.fail(n, "unsupported: integer arithmetic on an address (%s): circ numbers memory in cells, not bytes", nodeText(n))
		}
	})
}

// checkAddressOrder rejects the source's ordering comparison (<, <=, >,
// >=) of two values that may be addresses of two objects (or of two
// blocks of one allocation site): C leaves their order unspecified
// (glibc may put a later block below an earlier one), and circ's layout
// would decide one outcome. Addresses within one object keep their
// order. So does an address against null, which every address is above;
// against any other number (`(long)p < 0x10000`) the outcome is where
// the machine puts the object, which circ's layout does not know.
func (b *builder) checkAddressOrder(r *pointsto.Result) {
	objects := func(v pointsto.Set, into map[*cfa.Object]bool) bool {
		for _, a := range v.All() {
			if o, _ := b.prog.Memory.Find(a); o != nil {
				into[o] = true
			}
		}
		return len(v.All()) > 0
	}
	b.eachExpr(r, func(e *cfa.Edge, x cfa.Expr) {
		n, ok := b.orderOps[x]
		if !ok {
			return
		}
		c := x.(cfa.Binary)
		vx, vy := r.Eval(c.X), r.Eval(c.Y)
		objs := map[*cfa.Object]bool{}
		hasX, hasY := objects(vx, objs), objects(vy, objs)
		if hasX && hasY {
			for o := range objs {
				// The elements of one array summary are in one block;
				// other summaries' instances are separate objects.
				if len(objs) > 1 || (o.Summary() && !o.Elements()) {
					b.fail(n, "unsupported: %s may order addresses of two objects (C leaves their order unspecified)", nodeText(n))
				}
			}
		}
		// Pointer arithmetic marks a pointer that may be null as a
		// possible number (null + 1), which orders like null; an
		// integer that may hold a number or an address does not.
		mixed := integerOperands(n)
		if (hasX && vy.Int && (mixed || !hasY)) || (hasY && vx.Int && (mixed || !hasX)) {
			b.fail(n, "unsupported: %s may order an address against a number (where the object lies is the machine's)", nodeText(n))
		}
	})
}

// integerOperands reports whether relational expression n compares
// integers that are no pointers converted (an address computed as a
// number), not pointers.
func integerOperands(n cc.Node) bool {
	r, ok := n.(*cc.RelationalExpression)
	if !ok || r.RelationalExpression == nil || r.ShiftExpression == nil {
		return false
	}
	// A pointer converted to an integer ((unsigned)p <= (unsigned)q in
	// a 32-bit program) holds what the pointer holds.
	integer := func(x cc.ExpressionNode) bool { return isInt(x.Type()) && !isPtr(stripCasts(x).Type()) }
	return integer(r.RelationalExpression) || integer(r.ShiftExpression)
}

// edgeExprs points to the expressions of edge e.
func edgeExprs(e *cfa.Edge) []*cfa.Expr {
	return []*cfa.Expr{&e.Cond, &e.RHS, &e.Lo, &e.Hi, &e.Arg, &e.Handle}
}

// eachExpr calls f with every expression, and every operand in it, of
// the edges the points-to analysis finds reachable.
func (b *builder) eachExpr(r *pointsto.Result, f func(e *cfa.Edge, x cfa.Expr)) {
	var walk func(e *cfa.Edge, x cfa.Expr)
	walk = func(e *cfa.Edge, x cfa.Expr) {
		f(e, x)
		switch x := x.(type) {
		case cfa.Binary:
			walk(e, x.X)
			walk(e, x.Y)
		case cfa.Unary:
			walk(e, x.X)
		case cfa.Cond:
			walk(e, x.C)
			walk(e, x.T)
			walk(e, x.F)
		}
	}
	b.eachEdgeExpr(r, func(e *cfa.Edge, x *cfa.Expr) { walk(e, *x) })
}

// eachEdgeExpr calls f with each expression slot that holds one on the
// edges the points-to analysis finds reachable.
func (b *builder) eachEdgeExpr(r *pointsto.Result, f func(e *cfa.Edge, x *cfa.Expr)) {
	for _, c := range b.prog.Templates {
		for _, e := range c.Edges {
			if !r.Reachable(c, e.From) {
				continue
			}
			for _, x := range edgeExprs(e) {
				if *x != nil {
					f(e, x)
				}
			}
		}
	}
}

// hasMember reports whether struct or union type t has a member named
// name, directly or in an anonymous member.
func hasMember(t cc.Type, name string) bool {
	st, ok := fieldsOf(t)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.FieldByIndex(i)
		switch {
		case f == nil:
		case f.Name() == name:
			return true
		case f.Name() == "" && !f.IsBitfield() && hasMember(f.Type(), name):
			return true
		}
	}
	return false
}
