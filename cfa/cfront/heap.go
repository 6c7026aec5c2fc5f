package cfront

// Heap memory: malloc, calloc and free (and alloca's blocks, stack objects
// laid out the same way). Each allocation site (as lowered:
// each inlined copy of a call) is one object of cells, named
// malloc@file.c:line. A site that can run more than once (in a loop, or
// in a thread that runs more than once and shares its blocks) is a
// summary object (cfa.Memory): its n-th block is instance n, counted by
// the site's counter, and one of them, chosen at the start, is tracked.
// Settle finds such sites after lowering; the program is then lowered
// again with them summarized. A block private to each thread of a
// template stays one object, which settle makes the template's locals.
// A block whose size is known only at run time is an element summary
// (cfa.Memory): its elements are the instances, one of them tracked.

import (
	"fmt"
	"slices"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// allocUse is what the source tells of the objects an allocation's
// result points to.
type allocUse struct {
	typ    cc.Type // their type; nil or void when the source does not say
	atomic bool    // typ is _Atomic as the pointer is declared
	// returned: the result is what the enclosing function returns, as
	// a pointer to void (`return malloc(n)`, or a void * local that is
	// returned): the function is an allocator's wrapper, and the
	// objects have the type its call's result is used as.
	returned bool
}

// allocType finds the type of the objects an allocation's result points
// to, from the expression the call stands in: a cast to T*, the T* it is
// assigned to, initializes or is returned as (atomic as far as
// pointeeAtomicity tells).
func (b *builder) allocType(x *cc.PostfixExpression, stack []any) allocUse {
	// toLocal is the use of a result stored in d, of pointer type t.
	toLocal := func(t cc.Type, atomic bool, d *cc.Declarator) allocUse {
		pt := pointee(t)
		var ds []*cc.Declarator
		if d != nil {
			ds = voidCopies(stack, d)
		}
		u := allocUse{typ: pt, atomic: atomic, returned: pt != nil && isVoid(pt) && d != nil && returnedBy(stack, ds)}
		if (pt != nil && isVoid(pt) || pt == nil && isInt(t)) && d != nil && !u.returned {
			// CIL's `tmp = malloc(n); p = (T *)tmp;`: the type the
			// void * local is converted to (an int one, where the
			// file calls malloc undeclared).
			u.typ = convertedTo(stack, ds)
		}
		return u
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch s := stack[i].(type) {
		case *cc.CastExpression:
			if s.Case == cc.CastExpressionCast {
				if pt := pointee(s.Type()); pt != nil && !isVoid(pt) {
					return allocUse{typ: pt, atomic: b.castPointee(s.TypeName) == atomicYes}
				}
				return allocUse{}
			}
		case *cc.AssignmentExpression:
			if s.Case == cc.AssignmentExpressionAssign && s.UnaryExpression != nil {
				return toLocal(s.UnaryExpression.Type(), b.pointeeAtomicity(s.UnaryExpression, 0) == atomicYes, identOf(s.UnaryExpression))
			}
			if s.Case != cc.AssignmentExpressionCond {
				return allocUse{}
			}
		case *cc.InitDeclarator:
			if s.Declarator != nil {
				return toLocal(s.Declarator.Type(), b.pointsToAtomic(s.Declarator), s.Declarator)
			}
			return allocUse{}
		case *cc.Initializer:
			if i > 0 {
				if _, ok := stack[i-1].(*cc.InitDeclarator); ok {
					continue // the declarator tells more
				}
			}
			return allocUse{typ: pointee(s.Type())}
		case *cc.JumpStatement:
			if fd := enclosingFunc(stack[:i]); fd != nil {
				if ft, ok := fd.Declarator.Type().(*cc.FunctionType); ok {
					pt := pointee(ft.Result())
					return allocUse{typ: pt, atomic: b.atomicDecl(fd.Declarator, 2, 0), returned: pt != nil && isVoid(pt)}
				}
			}
			return allocUse{}
		case *cc.PrimaryExpression, *cc.PostfixExpression, *cc.UnaryExpression, *cc.ExpressionList:
			continue
		default:
			return allocUse{}
		}
	}
	return allocUse{}
}

// voidCopies is d and the locals of the function innermost in stack
// that take its value, directly or through one another, by an
// assignment or initialization from it, where they are pointers to void
// or integers as d is (CIL's `tmp = malloc(n); ptr = tmp; return ptr;`).
func voidCopies(stack []any, d *cc.Declarator) []*cc.Declarator {
	fd := enclosingFunc(stack)
	ds := []*cc.Declarator{d}
	if fd == nil {
		return ds
	}
	untyped := func(t cc.Type) bool {
		pt := pointee(t)
		return pt != nil && isVoid(pt) || pt == nil && isInt(t)
	}
	for i := 0; i < len(ds) && len(ds) < 8; i++ {
		from := ds[i]
		Walk(fd.CompoundStatement, func(n any, _ []any) bool {
			var to *cc.Declarator
			switch x := n.(type) {
			case *cc.AssignmentExpression:
				if x.Case == cc.AssignmentExpressionAssign && identOf(x.AssignmentExpression) == from {
					to = identOf(x.UnaryExpression)
				}
			case *cc.InitDeclarator:
				if x.Initializer != nil && x.Initializer.AssignmentExpression != nil && identOf(x.Initializer.AssignmentExpression) == from {
					to = x.Declarator
				}
			}
			if to != nil && untyped(to.Type()) && !slices.Contains(ds, to) {
				ds = append(ds, to)
			}
			return true
		})
	}
	return ds
}

// convertedTo is the one type T whose T * the function innermost in
// stack converts void * (or integer) locals ds to, by a cast or by
// assigning one to a T *; nil if there is none, or more than one.
func convertedTo(stack []any, ds []*cc.Declarator) cc.Type {
	fd := enclosingFunc(stack)
	if fd == nil {
		return nil
	}
	var found cc.Type
	many := false
	see := func(t cc.Type) {
		pt := pointee(t)
		switch {
		case pt == nil || isVoid(pt):
		case found == nil:
			found = pt
		case !found.IsCompatible(pt):
			many = true
		}
	}
	Walk(fd.CompoundStatement, func(n any, _ []any) bool {
		switch x := n.(type) {
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast && slices.Contains(ds, identOf(x.CastExpression)) {
				see(x.Type())
			}
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign && slices.Contains(ds, identOf(x.AssignmentExpression)) {
				see(x.UnaryExpression.Type())
			}
		case *cc.InitDeclarator:
			if x.Initializer != nil && x.Initializer.AssignmentExpression != nil && slices.Contains(ds, identOf(x.Initializer.AssignmentExpression)) {
				see(x.Declarator.Type())
			}
		}
		return true
	})
	if many {
		return nil
	}
	return found
}

// enclosingFunc is the function definition innermost in stack.
func enclosingFunc(stack []any) *cc.FunctionDefinition {
	for j := len(stack) - 1; j >= 0; j-- {
		if fd, ok := stack[j].(*cc.FunctionDefinition); ok {
			return fd
		}
	}
	return nil
}

// returnedBy reports whether the function innermost in stack has a
// `return d;` for one of ds.
func returnedBy(stack []any, ds []*cc.Declarator) bool {
	fd := enclosingFunc(stack)
	if fd == nil {
		return false
	}
	found := false
	Walk(fd.CompoundStatement, func(n any, _ []any) bool {
		if j, ok := n.(*cc.JumpStatement); ok && j.Case == cc.JumpStatementReturn && j.ExpressionList != nil && slices.Contains(ds, identOf(j.ExpressionList)) {
			found = true
		}
		return !found
	})
	return found
}

// scanAllocations records what the source tells of the result of every
// allocation call, and of every call returning a pointer to void (which
// may be an allocator's wrapper: allocUse.returned).
func (b *builder) scanAllocations() {
	b.allocs = map[*cc.PostfixExpression]allocUse{}
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok || x.Case != cc.PostfixExpressionCall {
			return true
		}
		alloc := false
		if _, pe := directCall(n); pe != nil {
			switch pe.Token.SrcStr() {
			case "malloc", "calloc", "realloc", "alloca", "__builtin_alloca", "mmap":
				alloc = true // also where cc declares it implicitly
			}
		}
		if pt := pointee(x.Type()); alloc || pt != nil && isVoid(pt) {
			b.allocs[x] = b.allocType(x, stack)
		}
		return true
	})
}

// allocUse is what lowering knows of the objects allocation call x
// returns: what the source tells, or, for a wrapper's result, what the
// call of the wrapper being inlined tells (the type it allocates
// differs from one call to the next).
func (t *tb) allocUse(x *cc.PostfixExpression) allocUse {
	u := t.b.allocs[x]
	if (u.typ == nil || isVoid(u.typ)) && u.returned && t.fr != nil && t.fr.alloc != nil {
		return *t.fr.alloc
	}
	return u
}

// directCall returns n as a call of a function named by an identifier,
// and that identifier; nil for anything else.
func directCall(n any) (*cc.PostfixExpression, *cc.PrimaryExpression) {
	x, ok := n.(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionCall {
		return nil, nil
	}
	pe, ok := strip(x.PostfixExpression).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent {
		return nil, nil
	}
	return x, pe
}

// alloc lowers malloc(size) and calloc(n, size): a fresh block of
// size/sizeof(T) objects of the type T its result is used as, or null
// (an allocation may fail, unless Options.AllocNeverFails). malloc's block holds arbitrary values,
// calloc's zeros.
func (t *tb) alloc(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	nargs := map[string]int{"malloc": 1, "calloc": 2}[name]
	if len(as) != nargs {
		t.b.fail(x, "%s takes %d argument(s), got %d", name, nargs, len(as))
	}
	o, length := t.heapBlock(cfa.HeapObject, name, x, as, t.allocUse(x), p)
	res := t.temp(x.Type())
	t.choose(p,
		arm{body: func() {
			t.allocated(o, res, length, func() {
				if name == "malloc" {
					t.indeterminate(o.Cells, "malloc: indeterminate contents", p)
				} else if o.Summary() {
					t.zero(o.Cells, p) // calloc: an earlier run may have written them
				}
			}, p)
		}},
		arm{cond: t.allocFails(), body: func() { t.set(res, num(0), p) }},
	)
	return unless(want, ref(res))
}

// allocFails is the condition under which an allocation may fail and
// return null: always, unless Options.AllocNeverFails rules it out
// (then the arm is constantly false, and choose drops it).
func (t *tb) allocFails() cfa.Expr {
	if t.b.allocNeverFails {
		return num(0)
	}
	return nil
}

// mapFailed is mmap's MAP_FAILED, (void *)-1, and the flags of mmap
// (Linux's) that make a mapping alias memory the program has: a fixed
// address, and a shared mapping of a file, which another mapping of it
// shares.
const (
	mapFailed         = -1
	mapSharing        = 0x03 // MAP_SHARED, MAP_PRIVATE, MAP_SHARED_VALIDATE
	mapPrivate        = 0x02
	mapFixed          = 0x10
	mapAnonymous      = 0x20
	mapFixedNoReplace = 0x100000
)

// mmap lowers mmap(addr, len, prot, flags, fd, offset): MAP_FAILED, or a
// fresh block of len bytes, of the type its result is used as, holding
// any values (a file's bytes, or zeros: circ does not tell which). The
// hint addr and the protection change nothing circ keeps (a write into
// a read-only mapping, which faults, is taken as a write). A mapping
// that may alias other memory (a fixed address, a file shared) is no
// fresh block: it is rejected, as are flags circ cannot read.
func (t *tb) mmap(x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, "mmap", as, 6)
	switch flags, ok := t.constant(as[3]); {
	case !ok:
		t.b.fail(as[3], "unsupported: mmap flags that are not a constant")
	case flags&(mapFixed|mapFixedNoReplace) != 0:
		t.b.fail(as[3], "unsupported: mmap at a fixed address, which may overlay memory the program has")
	case flags&mapSharing != mapPrivate && flags&mapAnonymous == 0:
		t.b.fail(as[3], "unsupported: a shared mapping of a file, which another mapping of it aliases")
	}
	for i, a := range as {
		if i != 1 {
			t.discardRead(a, p)
		}
	}
	o, length := t.heapBlock(cfa.HeapObject, "mmap", x, as[1:2], t.allocUse(x), p)
	res := t.temp(x.Type())
	t.choose(p,
		arm{body: func() {
			t.allocated(o, res, length, func() { t.indeterminate(o.Cells, "mmap: the mapping's bytes", p) }, p)
		}},
		arm{body: func() { t.set(res, num(mapFailed), p) }},
	)
	return unless(want, ref(res))
}

// munmap lowers munmap(addr, len): 0 with the mapping ended, as free
// ends a block (the whole block, whatever the length), or -1 with
// nothing done (EINVAL: a length of 0, an address not page-aligned).
func (t *tb) munmap(x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, "munmap", as, 2)
	ptr := t.snapshot(t.expr(as[0], true), as[0].Type(), p)
	t.discardRead(as[1], p)
	res := t.temp(x.Type())
	t.choose(p,
		arm{body: func() {
			t.freeBlock(ptr, nodeText(as[0]), p, func(*cfa.Object, func(*cfa.Var) cfa.Expr) {})
			t.set(res, num(0), p)
		}},
		arm{body: func() { t.set(res, num(-1), p) }},
	)
	return unless(want, ref(res))
}

// realloc lowers realloc(ptr, size): null (the old block stays), or a
// fresh block that starts with the old block's cells, which is freed
// (a write of every cell); from a null ptr, a fresh block like malloc's.
func (t *tb) realloc(x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if len(as) != 2 {
		t.b.fail(x, "realloc takes 2 argument(s), got %d", len(as))
	}
	use := t.allocUse(x)
	if use.typ == nil {
		use.typ = pointee(as[0].Type())
	}
	if use.typ != nil && isVoid(use.typ) {
		use.typ = nil
	}
	ptr := t.snapshot(t.expr(as[0], true), as[0].Type(), p)
	o, length := t.heapBlock(cfa.HeapObject, "realloc", x, as[1:], use, p)
	res := t.temp(x.Type())
	t.choose(p,
		arm{cond: t.allocFails(), body: func() { t.set(res, num(0), p) }},
		arm{cond: mkBin(cfa.Eq, ptr, num(0)), body: func() {
			t.allocated(o, res, length, func() { t.indeterminate(o.Cells, "realloc: indeterminate contents", p) }, p)
		}},
		arm{cond: mkBin(cfa.Ne, ptr, num(0)), body: func() {
			// The old contents are read into vals, whichever block
			// ptr is; the new block starts with them where it is
			// the one circ tracks.
			vals := make([]*cfa.Var, len(o.Cells))
			for j, to := range o.Cells {
				if to.Kind != cfa.Data {
					t.b.fail(x, "unsupported: realloc of a block holding %s", describeC(t.b.cellTyp[to]))
				}
				vals[j] = t.temp(t.b.cellTyp[to])
			}
			t.freeBlock(ptr, nodeText(as[0]), p, func(old *cfa.Object, read func(*cfa.Var) cfa.Expr) {
				t.reallocContents(old, o, vals, read, p)
			})
			t.allocated(o, res, length, func() {
				for j, to := range o.Cells {
					t.set(to, ref(vals[j]), p)
				}
			}, p)
		}},
	)
	return unless(want, ref(res))
}

// reallocContents reads the cells of block old that realloc carries
// over into block o, into vals (one per cell of o). Between blocks of
// constant size, cell j is old's cell j. Where either is an element
// summary, the cell that lands in o's tracked element is of an element
// circ does not track: its value is any a cell of its kind may hold (old's
// tracked element is read all the same, as the copy reads every
// element). Cells past old's end are indeterminate.
func (t *tb) reallocContents(old, o *cfa.Object, vals []*cfa.Var, read func(*cfa.Var) cfa.Expr, p cfa.Pos) {
	elements := old.Elements() || o.Elements()
	for j, to := range o.Cells {
		k := j
		if elements && old.Elements() {
			k = j % len(old.Cells)
		}
		if k >= len(old.Cells) {
			lo, hi := t.b.rangeOf(t.b.cellTyp[to])
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: vals[j], Lo: lo, Hi: hi, Pos: p, Note: "realloc: indeterminate contents"})
			continue
		}
		from := old.Cells[k]
		switch {
		case from.Kind != cfa.Data || !compatible(t.b, t.b.cellTyp[from], t.b.cellTyp[to]):
			// The bytes of another type: a value circ does not
			// compute (an address it loses).
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: vals[j], Pos: p, Approx: true, Note: "realloc: " + to.CName + " holds the bytes of a cell of another type"})
		case elements:
			t.set(t.temp(t.b.cellTyp[from]), read(from), p)
			lo, hi := t.b.rangeOf(t.b.cellTyp[to])
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: vals[j], Lo: lo, Hi: hi, Like: from, Untracked: true, Pos: p, Approx: true, Note: "realloc: " + to.CName + " holds a cell of an element circ does not track"})
		default:
			t.set(vals[j], read(from), p)
		}
	}
}

// heapBlock creates the heap object an allocation call x returns: size (the
// product of the arguments as) bytes of objects of type use.typ, named
// after the call's position. length is nil for a constant size; for
// another, the object is an element summary and length the number of
// its elements, which the allocation stores in its Len.
func (t *tb) heapBlock(kind cfa.ObjectKind, name string, x *cc.PostfixExpression, as []cc.ExpressionNode, use allocUse, p cfa.Pos) (o *cfa.Object, length cfa.Expr) {
	size := int64(1)
	for _, a := range as {
		k, ok := t.constant(a)
		if !ok {
			return t.elementBlock(kind, name, x, as, use, p)
		}
		size *= k
	}
	// A block of plain data too large for circ's cells (a program's
	// buffer of megabytes), or of more than summaryBytes bytes, is an
	// element summary, as a large array is (largeDataArray).
	if use.typ != nil && !isVoid(use.typ) && use.typ.Size() > 0 && t.b.largeData(use.typ, size/use.typ.Size(), bytesLimit(use.typ, maxCells)) {
		return t.elementBlock(kind, name, x, as, use, p)
	}
	return t.allocBlock(kind, name, x, as, use, p), nil
}

// elementBlock is heapBlock for a size that is not a constant: an
// element summary of objects of type use.typ, whose length is the size
// (evaluated as C does, in size_t) divided by theirs.
func (t *tb) elementBlock(kind cfa.ObjectKind, name string, x *cc.PostfixExpression, as []cc.ExpressionNode, use allocUse, p cfa.Pos) (*cfa.Object, cfa.Expr) {
	elem := use.typ
	if elem == nil {
		t.b.fail(x, "unsupported: %s whose result is not used as a typed pointer (cast it or assign it to one)", name)
	}
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(x, "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	if _, bad := t.b.cellCount(elem); bad != "" {
		t.b.fail(x, "unsupported: %s of %s", name, bad)
	}
	length := t.blockLength(as, elem)
	for _, a := range as {
		if hasSE(a) {
			// Evaluated once, here (malloc(strlen(s) + 1)).
			length = t.snapshot(length, nil, p)
			break
		}
	}
	return t.elementObject(kind, name, x, elem, use.atomic, p), length
}

// elementObject creates the element summary of objects of type elem an
// allocation call x returns (elementBlock); its caller sets its length.
func (t *tb) elementObject(kind cfa.ObjectKind, name string, x *cc.PostfixExpression, elem cc.Type, atomic bool, p cfa.Pos) *cfa.Object {
	oname := t.b.unique(fmt.Sprintf("%s@%s:%d", name, baseName(p.File), p.Line))
	o := t.b.elementSummary(&cfa.Object{Name: oname, Kind: kind, Pos: p, Owner: t.c}, elem, atomic, func(cs cellSpec) *local {
		l := t.b.dynamicCell(oname, cs, p, oname+cs.path)
		t.b.atomic[l.v] = cs.atomic
		return l
	})
	if t.b.summarize[oname] {
		// Allocated more than once: its blocks one after another
		// (cfa.Memory), the next after the counter's element.
		o.Block = t.b.summaryVar(o, "::block")
		o.Starts = t.b.summaryVar(o, "::starts")
		o.Next = t.b.summaryVar(o, "::next")
	}
	return o
}

// blockLength is the number of objects of type elem in a block of size
// the product of as, in size_t: for the usual n * sizeof(T) (or
// calloc(n, sizeof(T))), n itself, also where n * sizeof(T) would wrap
// around (calloc then fails; malloc's smaller block only has fewer
// elements, so n over-approximates it); otherwise the size divided by
// sizeof(elem).
func (t *tb) blockLength(as []cc.ExpressionNode, elem cc.Type) cfa.Expr {
	sizeT := t.b.ast.SizeT
	if len(as) == 1 {
		if n, ok := t.elementCount(as[0], elem); ok {
			return n
		}
	}
	if len(as) == 2 {
		for i, f := range as {
			if k, ok := intValue(f.Value()); ok && k == elem.Size() {
				return t.sizeValue(as[1-i])
			}
		}
	}
	var size cfa.Expr
	for _, a := range as {
		k := t.sizeValue(a)
		if size == nil {
			size = k
			continue
		}
		size, _ = t.arith(a, cfa.Mul, size, sizeT, k, sizeT)
	}
	return mkBin(cfa.Div, size, num(elem.Size()))
}

// elementCount reads size, a size in bytes, as a count of objects of
// type elem where it is written n * sizeof(elem) (either way round): n,
// in size_t.
func (t *tb) elementCount(size cc.ExpressionNode, elem cc.Type) (cfa.Expr, bool) {
	if n := elementFactor(size, elem); n != nil {
		return t.sizeValue(n), true
	}
	return nil, false
}

// elementFactor is n where size is written n * sizeof(elem) (either way
// round); nil otherwise.
func elementFactor(size cc.ExpressionNode, elem cc.Type) cc.ExpressionNode {
	m, ok := strip(size).(*cc.MultiplicativeExpression)
	if !ok || m.Case != cc.MultiplicativeExpressionMul || elem == nil || elem.Size() <= 0 {
		return nil
	}
	factors := []cc.ExpressionNode{m.MultiplicativeExpression, m.CastExpression}
	for i, f := range factors {
		if k, ok := intValue(f.Value()); ok && k == elem.Size() {
			return factors[1-i]
		}
	}
	return nil
}

// sizeValue is a's value in size_t, as a size argument converts it.
func (t *tb) sizeValue(a cc.ExpressionNode) cfa.Expr {
	return t.convert(a, t.intExpr(a), a.Type(), t.b.intType(t.b.ast.SizeT))
}

// stackAlloc lowers alloca(size): a block of the caller's frame, laid out
// as heapBlock does, with arbitrary contents. It never fails (circ does
// not model stack overflow). Like an address-taken local, it stays where
// it is after its function returns (a use then is undefined behaviour
// circ does not check); free() of it is a runtime error. A call that
// runs more than once (in a loop) returns a new block each time: its
// blocks are a summary, as a heap site's are.
func (t *tb) stackAlloc(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	if len(as) != 1 {
		t.b.fail(x, "%s takes 1 argument, got %d", name, len(as))
	}
	o, length := t.heapBlock(cfa.StackObject, "alloca", x, as, t.allocUse(x), p)
	res := t.temp(x.Type())
	t.allocated(o, res, length, func() { t.indeterminate(o.Cells, "alloca: indeterminate contents", p) }, p)
	return unless(want, ref(res))
}

// allocBlock creates the object of kind kind an allocation call x returns
// (heapBlock).
func (t *tb) allocBlock(kind cfa.ObjectKind, name string, x *cc.PostfixExpression, as []cc.ExpressionNode, use allocUse, p cfa.Pos) *cfa.Object {
	elem := use.typ
	size := int64(1)
	for _, a := range as {
		if hasSE(a) {
			t.b.fail(a, "unsupported: side effects in the size of %s", name)
		}
		k, ok := t.constant(a)
		if !ok {
			t.b.fail(a, "unsupported: %s of a size that is not a constant", name)
		}
		size *= k
	}
	if elem == nil {
		t.b.fail(x, "unsupported: %s whose result is not used as a typed pointer (cast it or assign it to one)", name)
	}
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(x, "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	es := elem.Size()
	if es <= 0 || size <= 0 || size%es != 0 {
		t.b.fail(x, "unsupported: %s of %d bytes for objects of %d bytes", name, size, es)
	}
	count := size / es
	n, bad := t.b.cellCount(elem)
	if bad != "" {
		t.b.fail(x, "unsupported: %s of %s", name, bad)
	}
	if count > maxCells/max(n, 1) {
		t.b.fail(x, "unsupported: %s of more than %d cells", name, maxCells)
	}
	var specs []cellSpec
	for i := int64(0); i < count; i++ {
		prefix := ""
		if count > 1 {
			prefix = fmt.Sprintf("[%d]", i)
		}
		t.b.layout(elem, prefix, i*es, use.atomic, &specs)
	}
	if len(specs) > maxCells {
		t.b.fail(x, "unsupported: %s of more than %d cells", name, maxCells)
	}
	oname := t.b.unique(fmt.Sprintf("%s@%s:%d", name, baseName(p.File), p.Line))
	o := t.b.newObjectCells(kind, oname, specs, p, t.c, func(cs cellSpec) *local {
		l := t.b.dynamicCell(oname, cs, p, oname+cs.path)
		t.b.atomic[l.v] = cs.atomic
		return l
	})
	if t.b.summarize[oname] {
		t.b.heapSummary(o)
	}
	return o
}

// summarizeHeap records that the block o, of an allocation site (heap
// or alloca), needs a summary (why says what it does), for the next
// lowering pass.
func (b *builder) summarizeHeap(o *cfa.Object, why string) {
	if o.Kind != cfa.HeapObject && o.Kind != cfa.StackObject || b.allocEdges[o] == nil || b.summarize[o.Name] {
		b.failAt(o.Pos, "unsupported: %s %s (circ cannot summarize it)", o.Name, why)
	}
	b.resummarize = append(b.resummarize, o.Name)
}

// heapSummary makes heap object o a summary: its tracked instance, a
// symbolic constant main chooses at the start, and the counter that
// numbers its blocks.
func (b *builder) heapSummary(o *cfa.Object) {
	o.Instance = b.summaryVar(o, "::instance")
	o.Next = b.summaryVar(o, "::count")
}

// summaryVar creates a global of circ's own for summary o, named after
// it with suffix.
func (b *builder) summaryVar(o *cfa.Object, suffix string) *cfa.Var {
	v := &cfa.Var{Name: b.unique(o.Name + suffix), Global: true, Kind: cfa.Sync, CName: o.Name + suffix, Pos: o.Pos, Frame: -1}
	b.prog.Globals = append(b.prog.Globals, v)
	return v
}

// allocated sets res to block o's address, runs init on it, and records
// the edge that allocates it; length is an element summary's length in
// elements (nil for a block of constant size). A summary's block is the
// instance its counter gives; init runs on the tracked one only (the
// others' cells hold any value when read).
func (t *tb) allocated(o *cfa.Object, res *cfa.Var, length cfa.Expr, init func(), p cfa.Pos) {
	from := len(t.c.Edges)
	count := o.Next
	switch {
	case count == nil:
		if length != nil {
			t.set(o.Len, length, p)
		}
		t.set(res, num(o.Base), p)
		init()
	case o.Elements():
		t.allocatedBlock(o, res, count, length, init, p)
	default:
		// The guards compare res itself with the tracked block's
		// address: the predicates refinement needs are then about
		// the pointer the program holds.
		t.atomic(nil, p, "allocation", func() {
			t.set(res, mkBin(cfa.Add, num(o.Base), mkBin(cfa.Mul, ref(count), num(cfa.InstanceStride))), p)
			t.set(count, mkBin(cfa.Add, ref(count), num(1)), p)
		})
		tracked := trackedAddr(o, o.Base)
		t.choose(p,
			arm{cond: mkBin(cfa.Eq, ref(res), tracked), body: init},
			arm{cond: mkBin(cfa.Ne, ref(res), tracked), body: func() {}},
		)
	}
	if t.b.allocEdges[o] == nil {
		t.b.allocEdges[o] = t.c.Edges[from]
	}
}

// allocatedBlock allocates the next block of length elements of element
// summary o, whose site allocates more than once (cfa.Memory): it starts
// at element next, the site's counter, which moves past it and a gap of
// any size. Where the block holds the tracked element, Len becomes its
// end and Block its start, and init runs; where it starts there, Starts
// is set. Blocks that would outgrow the site's region end the run.
func (t *tb) allocatedBlock(o *cfa.Object, res, next *cfa.Var, length cfa.Expr, init func(), p cfa.Pos) {
	n := t.snapshot(length, nil, p)
	start, gap := t.temp(nil), t.temp(nil)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: gap, Lo: num(1), Pos: p, Note: "the space before the next block of " + o.Name})
	t.atomic(nil, p, "allocation", func() {
		t.set(start, ref(next), p)
		t.set(next, mkBin(cfa.Add, ref(start), mkBin(cfa.Add, n, ref(gap))), p)
	})
	// Only runs whose blocks fit the region (cfa.Memory).
	t.add(&cfa.Edge{Kind: cfa.Assume, Cond: mkBin(cfa.Le, mkBin(cfa.Mul, ref(next), num(o.Stride)), num(cfa.RegionSize)), Pos: p})
	t.set(res, mkBin(cfa.Add, num(o.Base), mkBin(cfa.Mul, ref(start), num(o.Stride))), p)
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(start), ref(o.Instance)), body: func() { t.set(o.Starts, num(1), p) }},
		arm{cond: mkBin(cfa.Ne, ref(start), ref(o.Instance)), body: func() {}},
	)
	end := mkBin(cfa.Add, ref(start), n)
	holds := mkBin(cfa.And, mkBin(cfa.Le, ref(start), ref(o.Instance)), mkBin(cfa.Lt, ref(o.Instance), end))
	t.choose(p,
		arm{cond: holds, body: func() {
			t.set(o.Len, end, p)
			t.set(o.Block, ref(start), p)
			init()
		}},
		arm{cond: cfa.Unary{Op: cfa.Not, X: holds}, body: func() {}},
	)
}

// zero sets the data cells to 0.
func (t *tb) zero(cells []*cfa.Var, p cfa.Pos) {
	for _, v := range cells {
		switch v.Kind {
		case cfa.Data:
			t.set(v, num(0), p)
		case cfa.Mutex:
			// Zero bytes are glibc's PTHREAD_MUTEX_INITIALIZER.
			t.set(v, num(0), p)
			t.setGarbage(v, false, p)
		}
	}
}

// indeterminate gives the data cells an arbitrary value in their range;
// a mutex cell then holds no mutex until it is initialized.
func (t *tb) indeterminate(cells []*cfa.Var, note string, p cfa.Pos) {
	for _, v := range cells {
		switch v.Kind {
		case cfa.Data:
			lo, hi := t.b.rangeOf(t.b.cellTyp[v])
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: note})
		case cfa.Mutex:
			t.setGarbage(v, true, p)
		}
	}
}

// free lowers free(ptr): the block's contents become indeterminate (a
// write of every cell, which races with any other access to it); a
// pointer that is neither null nor a block's start is a runtime error.
func (t *tb) free(x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) {
	if len(as) != 1 {
		t.b.fail(x, "free takes 1 argument, got %d", len(as))
	}
	ptr := t.snapshot(t.expr(as[0], true), as[0].Type(), p)
	t.freeBlock(ptr, nodeText(as[0]), p, func(*cfa.Object, func(*cfa.Var) cfa.Expr) {})
}

// freeBlock frees the block ptr points to (null: nothing), after running
// before on it, which reads its cells through read. Freeing a block of
// a summary that is not the tracked one changes nothing circ keeps, and
// reads there are any value the cell may hold.
func (t *tb) freeBlock(ptr cfa.Expr, text string, p cfa.Pos, before func(o *cfa.Object, read func(*cfa.Var) cfa.Expr)) {
	site := &derefSite{addr: ptr, pos: p, text: text, nullOK: true}
	site.body = func(a int64) {
		o, _ := t.b.prog.Memory.Find(a)
		before(o, ref)
		t.indeterminate(o.Cells, "free: contents become indeterminate", p)
	}
	site.untracked = func(a int64) {
		o, _ := t.b.prog.Memory.Find(a)
		before(o, func(v *cfa.Var) cfa.Expr { return ref(t.untrackedCell(t.b.cells[v].l, nil, p).v) })
	}
	var targets []int64
	for _, o := range t.b.prog.Memory.Objects {
		if o.Kind == cfa.HeapObject {
			targets = append(targets, o.Base)
		}
	}
	t.choice(site, targets, "free("+text+") of a pointer malloc did not return")
}

// baseName is the last element of a file path.
func baseName(f string) string {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == '/' {
			return f[i+1:]
		}
	}
	return f
}

// constant is a's value when lowering knows it: a constant expression,
// or a parameter of an inlined call that keeps a constant argument's
// value (constParams).
func (t *tb) constant(a cc.ExpressionNode) (int64, bool) {
	if k, ok := intValue(a.Value()); ok {
		return k, true
	}
	if d := identOf(a); d != nil && d.IsParam() {
		if l := t.fr.vars[d]; l != nil && l.v != nil {
			k, ok := t.constParams[l.v]
			return k, ok
		}
	}
	return 0, false
}

// constArg is the value of argument e, as lowered, when it is a
// constant: a number, or a parameter in constParams passed on.
func (t *tb) constArg(e cfa.Expr) (int64, bool) {
	switch x := e.(type) {
	case cfa.Const:
		return x.Val, true
	case cfa.Ref:
		k, ok := t.constParams[x.V]
		return k, ok
	}
	return 0, false
}
