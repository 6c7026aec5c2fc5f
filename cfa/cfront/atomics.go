package cfront

import (
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// This file lowers atomic accesses: every access to an _Atomic object,
// the GCC __atomic_* and __sync_* builtins, and through circ's own
// <stdatomic.h> (include/override) the C11 atomic functions. An atomic
// access is an atomic section holding only that access: it runs in one
// step, and under --race-def svcomp two atomic accesses never race while
// an atomic and a plain one do, because an access counts as atomic when
// its thread is at an atomic location. Operands are evaluated before the
// section (plain reads stay plain). Each operation's memory order stays
// on its edges (cfa.Edge.Order), which --race-def c11 reads for
// happens-before; the interleavings circ explores are sequentially
// consistent under every definition, so a weaker order is read as
// memory_order_seq_cst there and the report says so (memoryOrder).

// isAtomicObject reports whether declarator d declares an _Atomic
// object (or array of them), directly or through typedefs (atomic_int,
// and typedef atomic_int counter). The qualifier must reach the scalar:
// in `int *_Atomic p` the pointer is atomic, in `_Atomic int *p` only
// what it points to.
func (b *builder) isAtomicObject(d *cc.Declarator) bool { return b.atomicDecl(d, 0, 0) }

// pointsToAtomic reports whether the objects pointer declarator d points
// to are _Atomic (in `_Atomic int *p` they are, in `int *_Atomic p` not).
func (b *builder) pointsToAtomic(d *cc.Declarator) bool { return b.atomicDecl(d, 1, 0) }

// atomicDecl reports whether the object reached from declarator d
// through derefs levels is _Atomic: a level is a pointer's pointee or a
// function's result (what `atomic_int *f(void)` returns points to an
// _Atomic object: two levels).
func (b *builder) atomicDecl(d *cc.Declarator, derefs, depth int) bool {
	if d == nil {
		return false
	}
	for _, dv := range derivations(d) {
		switch {
		case dv.array:
			continue // an array's elements carry its qualifiers
		case derefs > 0:
			derefs--
			continue
		case dv.ptr != nil:
			return hasAtomic(dv.ptr.TypeQualifiers)
		}
		return false // a function
	}
	if derefs == 0 && (d.IsAtomic() || b.typeofAtomic()[d]) {
		return true
	}
	// Through a typedef (of the elements, for an array, of what the
	// pointers skipped point to, of a function's result, or of a
	// pointer the levels left go through: typedef atomic_int *aptr),
	// whose own declarator says where its _Atomic is.
	bt := d.Type()
	for bt != nil {
		switch x := bt.(type) {
		case *cc.ArrayType:
			bt = x.Elem()
			continue
		case *cc.PointerType:
			if bt.Typedef() == nil {
				bt = x.Elem()
				continue
			}
		case *cc.FunctionType:
			bt = x.Result()
			continue
		}
		break
	}
	if depth >= 16 {
		return false
	}
	if bt != nil {
		if td := bt.Typedef(); td != nil && td != d {
			return b.atomicDecl(td, derefs, depth+1)
		}
	}
	if d.IsTypename() {
		// cc names a typedef's type after the typedef itself; the
		// typedef its declaration names is recorded apart.
		if base := b.typedefBase()[d]; base != nil {
			return b.atomicDecl(base, derefs, depth+1)
		}
	}
	return false
}

// typedefBase maps each typedef whose declaration names another typedef
// (typedef atomic_int counter;) to that typedef.
func (b *builder) typedefBase() map[*cc.Declarator]*cc.Declarator {
	b.scanDeclSpecs()
	return b.typedefBases
}

// typeofAtomic holds the declarators whose specifiers are
// __typeof__(e) of an _Atomic lvalue e, which gcc keeps _Atomic.
func (b *builder) typeofAtomic() map[*cc.Declarator]bool {
	b.scanDeclSpecs()
	return b.typeofAtomics
}

// scanDeclSpecs builds typedefBase's and typeofAtomic's maps, once.
func (b *builder) scanDeclSpecs() {
	if b.typedefBases != nil {
		return
	}
	b.typedefBases, b.typeofAtomics = map[*cc.Declarator]*cc.Declarator{}, map[*cc.Declarator]bool{}
	inspect(b.ast.TranslationUnit, func(n any) bool {
		switch x := n.(type) {
		case *cc.Declaration:
			base, typeofAtomic := namedTypedef(x.DeclarationSpecifiers), b.specTypeofAtomic(x.DeclarationSpecifiers)
			for l := x.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				d := l.InitDeclarator.Declarator
				if d != nil && base != nil && d.IsTypename() {
					b.typedefBases[d] = base
				}
				if d != nil && typeofAtomic {
					b.typeofAtomics[d] = true
				}
			}
			return false
		case cc.ExpressionNode:
			return false
		}
		return true
	})
}

// specTypeofAtomic reports whether declaration specifiers ds hold
// __typeof__(e) of an _Atomic lvalue e.
func (b *builder) specTypeofAtomic(ds *cc.DeclarationSpecifiers) bool {
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		if ts := ds.TypeSpecifier; ds.Case == cc.DeclarationSpecifiersTypeSpec && ts != nil && ts.Case == cc.TypeSpecifierTypeofExpr {
			return b.lvalueAtomicity(ts.ExpressionList, 0) == atomicYes
		}
	}
	return false
}

// namedTypedef is the typedef that declaration specifiers ds name, if
// any.
func namedTypedef(ds *cc.DeclarationSpecifiers) *cc.Declarator {
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		ts := ds.TypeSpecifier
		if ds.Case != cc.DeclarationSpecifiersTypeSpec || ts == nil || ts.Case != cc.TypeSpecifierTypeName {
			continue
		}
		if d := visibleTypedef(ts); d != nil {
			return d
		}
	}
	return nil
}

// visibleTypedef is the typedef that type specifier ts names where it
// is written: a block may declare the same name again after it (cc's
// Visible is where a declaration's scope starts).
func visibleTypedef(ts *cc.TypeSpecifier) *cc.Declarator {
	name, seq := ts.Token.SrcStr(), ts.Token.Seq()
	for s := ts.LexicalScope(); s != nil; s = s.Parent {
		for _, n := range s.Nodes[name] {
			if d, ok := n.(*cc.Declarator); ok && d.IsTypename() && seq >= d.Visible() {
				return d
			}
		}
	}
	return nil
}

// derivation is one step of a declarator's type: an array, a pointer
// (with its qualifiers) or, when neither, a function.
type derivation struct {
	array bool
	ptr   *cc.Pointer
}

// derivations lists the types declarator d derives from its
// declaration's specifiers, the object's own type first: in `int *a[3]`
// an array, then a pointer. (cc keeps no qualifiers of pointers.)
func derivations(d *cc.Declarator) []derivation {
	// The pointers apply to the specifiers' type first, the direct
	// declarator's suffixes next, inside out.
	out := directDerivations(d.DirectDeclarator)
	var ptrs []*cc.Pointer
	for p := d.Pointer; p != nil; p = p.Pointer {
		ptrs = append(ptrs, p)
	}
	for i := len(ptrs) - 1; i >= 0; i-- {
		out = append(out, derivation{ptr: ptrs[i]})
	}
	return out
}

// directDerivations is derivations for a direct declarator.
func directDerivations(dd *cc.DirectDeclarator) []derivation {
	switch {
	case dd == nil || dd.Case == cc.DirectDeclaratorIdent:
		return nil
	case dd.Case == cc.DirectDeclaratorDecl:
		return derivations(dd.Declarator)
	case dd.Case == cc.DirectDeclaratorFuncParam || dd.Case == cc.DirectDeclaratorFuncIdent:
		return append(directDerivations(dd.DirectDeclarator), derivation{})
	}
	return append(directDerivations(dd.DirectDeclarator), derivation{array: true})
}

// hasAtomic reports whether qualifiers q include _Atomic.
func hasAtomic(q *cc.TypeQualifiers) bool {
	for ; q != nil; q = q.TypeQualifiers {
		if q.TypeQualifier != nil && q.TypeQualifier.Case == cc.TypeQualifierAtomic {
			return true
		}
	}
	return false
}

// plain stores e in a temporary unless it reads no global: an operand
// of an atomic operation is read before the operation, non-atomically.
func (t *tb) plain(e cfa.Expr, p cfa.Pos) cfa.Expr {
	if e == nil || !readsGlobal(e) {
		return e
	}
	tmp := t.temp(nil)
	t.set(tmp, e, p)
	return ref(tmp)
}

// atomicOp lowers body, one C11 atomic operation, as an atomic section
// whose edges carry its memory order: the one memoryOrder read for it,
// else seq_cst. It returns the failure order of a compare-exchange (the
// success order where none was given).
func (t *tb) atomicOp(p cfa.Pos, note string, body func()) (fail cfa.MemoryOrder) {
	o, fail := t.pending, t.pendingFail
	if o == cfa.NotAtomic {
		o = cfa.OrderSeqCst
	}
	if fail == cfa.NotAtomic {
		fail = o
	}
	t.pending, t.pendingFail = cfa.NotAtomic, cfa.NotAtomic
	outer := t.order
	t.order = o
	t.atomic(nil, p, note, body)
	t.order = outer
	return fail
}

// convertsCall records that the value of e, if e is a call, is converted
// at once to integer type tt (a cast, or the assignment or initializer
// of an object of type tt): an atomic builtin's value, which cc types
// int, then takes tt, exactly where tt is the type the builtin yields.
func (b *builder) convertsCall(e cc.ExpressionNode, tt cc.Type) {
	if c, ok := strip(e).(*cc.PostfixExpression); ok && c.Case == cc.PostfixExpressionCall {
		b.castCalls[c] = tt
	}
}

// atomicValueType is the type the value of atomic builtin call x on an
// object of type ot takes, ot promoted: cc's (int), or the type a cast,
// assignment or initializer converts the call to at once
// (convertsCall); ok is false where it is neither, and cc's type would
// cut the value.
func (b *builder) atomicValueType(x *cc.PostfixExpression, ot cc.Type) (typ cc.Type, ok bool) {
	if ot == nil || !isInt(ot) {
		return x.Type(), true
	}
	promoted := b.intType(cc.IntegerPromotion(b.canon(ot)))
	if promoted == b.intType(x.Type()) {
		return x.Type(), true
	}
	if tt := b.castCalls[x]; tt != nil && b.intType(tt) == promoted {
		return tt, true
	}
	return x.Type(), false
}

// atomicLoad emits tmp := x as an atomic access and returns tmp.
func (t *tb) atomicLoad(x *cfa.Var, p cfa.Pos) cfa.Expr {
	tmp := t.temp(nil)
	tmp.Bool, tmp.Int = x.Bool, x.Int
	t.atomicOp(p, "atomic load", func() { t.set(tmp, ref(x), p) })
	return ref(tmp)
}

// atomicStore emits x := v (v, of x's type, read before) as an atomic
// access.
func (t *tb) atomicStore(x *cfa.Var, v cfa.Expr, p cfa.Pos) {
	v = t.plain(v, p)
	t.atomicOp(p, "atomic store", func() { t.add(&cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: v, Pos: p}) })
}

// atomicRMW emits one atomic read-modify-write of x: old := x; x := f(old)
// (old is nil when the caller wants neither it nor the new value) and
// returns old and the new value's temporary (nil if not wanted). f's
// value is already of x's type (fit).
func (t *tb) atomicRMW(x *cfa.Var, f func(old cfa.Expr) cfa.Expr, wantOld, wantNew bool, p cfa.Pos) (oldV, newV cfa.Expr) {
	t.atomicOp(p, "atomic update", func() {
		old := ref(x)
		if wantOld {
			o := t.temp(nil)
			t.set(o, ref(x), p)
			old, oldV = ref(o), ref(o)
		}
		if wantNew {
			n := t.temp(nil)
			n.Bool, n.Int = x.Bool, x.Int
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: n, RHS: f(old), Pos: p})
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: ref(n), Pos: p, RMW: true})
			newV = ref(n)
			return
		}
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: f(old), Pos: p, RMW: true})
	})
	return oldV, newV
}

// atomicObj resolves the object argument &x of an atomic builtin: an
// integer variable of the type the argument points to (the builtin
// reads and writes values of that type, which circ would otherwise
// take as the object's).
func (t *tb) atomicObj(n cc.ExpressionNode, fn string) *cfa.Var {
	l, at := t.addrOfVar(n, fn+" object")
	if l.v.Kind != cfa.Data {
		t.b.fail(at, "%s: %s is not an integer object", fn, l.v.CName)
	}
	if pt := pointee(n.Type()); pt != nil && isInt(pt) && l.typ != nil && t.b.intType(pt) != t.b.intType(l.typ) {
		t.b.fail(n, "unsupported: %s on %s, of type %s, through a pointer to %s", fn, l.v.CName, describeC(l.typ), describeC(pt))
	}
	return l.v
}

// memoryOrder reads a memory-order argument, a constant. The engines
// read every order as seq_cst under the interleaving race definitions:
// a weaker one is listed among the report's approximations
// (cfa.Program.WeakOrders); --race-def c11 reads it (cfa.Edge.Order).
func (t *tb) memoryOrder(n cc.ExpressionNode, fn string, p cfa.Pos) cfa.MemoryOrder {
	v, ok := intValue(n.Value())
	if !ok || hasSE(n) {
		t.b.fail(n, "unsupported: %s with a memory order that is not a constant", fn)
	}
	if v == seqCst {
		return cfa.OrderSeqCst
	}
	name := map[int64]string{0: "relaxed", 1: "consume", 2: "acquire", 3: "release", 4: "acq_rel"}[v]
	if name == "" {
		t.b.fail(n, "unsupported: memory order %d", v)
	}
	e := &cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true,
		Note: "memory_order_" + name + " read as memory_order_seq_cst (" + fn + "): races that only weaker orderings allow are not found"}
	t.add(e)
	t.b.prog.WeakOrders = append(t.b.prog.WeakOrders, e)
	return cfa.OrderRelaxed + cfa.MemoryOrder(v)
}

// hasObject reports whether atomic builtin name takes the object it
// accesses as its first argument (all but fences and lock-freedom
// queries).
func hasObject(name string) bool {
	switch name {
	case "__atomic_thread_fence", "__atomic_signal_fence", "__sync_synchronize", "__atomic_always_lock_free", "__atomic_is_lock_free":
		return false
	}
	return true
}

// yieldsObject reports whether atomic builtin name yields a value of
// its object's type (a load, an exchange, a fetch-and-op).
func yieldsObject(name string) bool {
	switch name {
	case "__atomic_load_n", "__atomic_exchange_n", "__sync_lock_test_and_set", "__sync_val_compare_and_swap":
		return true
	}
	return strings.HasPrefix(name, "__atomic_fetch_") || strings.HasPrefix(name, "__sync_fetch_and_") ||
		strings.HasSuffix(name, "_fetch") && strings.HasPrefix(name, "__atomic_") ||
		strings.HasSuffix(name, "_and_fetch") && strings.HasPrefix(name, "__sync_")
}

// __ATOMIC_SEQ_CST.
const seqCst = 5

// rmwOps maps the operation in a builtin's name to the new value.
var rmwOps = map[string]func(old, v cfa.Expr) cfa.Expr{
	"add":  func(o, v cfa.Expr) cfa.Expr { return mkBin(cfa.Add, o, v) },
	"sub":  func(o, v cfa.Expr) cfa.Expr { return mkBin(cfa.Sub, o, v) },
	"and":  func(o, v cfa.Expr) cfa.Expr { return mkBin(cfa.BitAnd, o, v) },
	"or":   func(o, v cfa.Expr) cfa.Expr { return mkBin(cfa.BitOr, o, v) },
	"xor":  func(o, v cfa.Expr) cfa.Expr { return mkBin(cfa.BitXor, o, v) },
	"nand": func(o, v cfa.Expr) cfa.Expr { return mkUn(cfa.BitNot, mkBin(cfa.BitAnd, o, v)) },
}

// atomicBuiltin lowers the GCC atomic builtins (and __circ_atomic_init,
// C11's non-atomic atomic_init); ok is false for other names.
func (t *tb) atomicBuiltin(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (v cfa.Expr, ok bool) {
	if !strings.HasPrefix(name, "__atomic_") && !strings.HasPrefix(name, "__sync_") && name != "__circ_atomic_init" {
		return nil, false
	}
	if len(as) > 0 && t.fixed[as[0]] == nil && hasObject(name) {
		if d, _, _ := addrArg(as[0]); d == nil {
			// The object is reached through a pointer (&a[i], &p->n,
			// p): one arm per integer cell it may designate, the
			// pointer read before the atomic step.
			if pt := pointee(as[0].Type()); pt == nil || !isInt(pt) {
				t.b.fail(as[0], "unsupported: %s on an object of type %s", name, describeC(pt))
			}
			var res *cfa.Var
			if want {
				typ, _ := t.b.atomicValueType(x, pointee(as[0].Type())) // cc's int would cut a long
				res = t.temp(typ)
			}
			t.withObjectsAt(as[:1], func(cc.ExpressionNode) bool { return true }, func() {
				if v, _ := t.atomicBuiltin(name, x, as, want, p); want {
					t.set(res, v, p)
				}
			})
			return unless(want, ref(res)), true
		}
	}
	nargs := func(n int) {
		if len(as) != n {
			t.b.fail(x, "%s takes %d argument(s), got %d", name, n, len(as))
		}
	}
	// orders reads the operation's memory orders (a compare-exchange's
	// second is its failure order) for atomicOp.
	orders := func(is ...int) {
		t.pending = t.memoryOrder(as[is[0]], name, p)
		if len(is) > 1 {
			t.pendingFail = t.memoryOrder(as[is[1]], name, p)
		}
	}
	// val evaluates operand i; an atomic operation inside it takes its
	// own order, not the one orders read for this call.
	val := func(i int) cfa.Expr {
		pending, fail := t.pending, t.pendingFail
		t.pending, t.pendingFail = cfa.NotAtomic, cfa.NotAtomic
		v := t.plain(t.intExpr(as[i]), p)
		t.pending, t.pendingFail = pending, fail
		return v
	}
	// The builtins are generic: a call's value has the object's type,
	// which cc, seeing no declaration, takes for int. Arithmetic on it
	// is exact only if the object's type promotes to int, or if a cast,
	// an assignment or an initializer gives the call the promoted type
	// at once (circ's <stdatomic.h> casts): the value, in the promoted
	// type's range, converts to itself.
	if want && len(as) > 0 && yieldsObject(name) {
		ot := pointee(as[0].Type())
		if _, ok := t.b.atomicValueType(x, ot); !ok {
			t.b.fail(x, "unsupported: the value of %s on an object of type %s (circ's C front end types it %s)", name, describeC(ot), describeC(x.Type()))
		}
	}
	// The generic builtins (__atomic_store, __atomic_exchange,
	// __atomic_compare_exchange) take their value through a pointer.
	generic := !strings.HasSuffix(name, "_n")
	valOrPointee := func(i int) cfa.Expr {
		if generic {
			return t.plain(ref(t.outVar(as[i], name)), p)
		}
		return val(i)
	}
	bool01 := func(e cfa.Expr) cfa.Expr { return mkBin(cfa.Ne, e, num(0)) }
	switch name {
	case "__circ_atomic_init":
		nargs(2)
		obj := t.atomicObj(as[0], "atomic_init")
		t.set(obj, t.intExpr(as[1]), p) // not an atomic access (C11 7.17.2.2)
		return zeroIf(want), true
	case "__atomic_thread_fence", "__atomic_signal_fence":
		nargs(1)
		orders(0)
		t.pending = cfa.NotAtomic
		t.b.prog.Fences = append(t.b.prog.Fences, p)
		return zeroIf(want), true
	case "__sync_synchronize":
		nargs(0)
		return zeroIf(want), true
	case "__atomic_always_lock_free", "__atomic_is_lock_free":
		nargs(2)
		return unless(want, num(1)), true
	case "__atomic_load_n":
		nargs(2)
		obj := t.atomicObj(as[0], name)
		orders(1)
		return unless(want, t.atomicLoad(obj, p)), true
	case "__atomic_load":
		nargs(3)
		obj := t.atomicObj(as[0], name)
		out := t.outVar(as[1], name)
		orders(2)
		t.set(out, t.atomicLoad(obj, p), p)
		return zeroIf(want), true
	case "__atomic_store_n", "__atomic_store":
		nargs(3)
		obj := t.atomicObj(as[0], name)
		v := t.fit(as[1], obj, valOrPointee(1), nil)
		orders(2)
		t.atomicStore(obj, v, p)
		return zeroIf(want), true
	case "__atomic_exchange_n", "__sync_lock_test_and_set":
		obj := t.atomicObj(as[0], name)
		if name == "__sync_lock_test_and_set" {
			nargs(2)
			t.pending = cfa.OrderAcquire // GCC: an acquire barrier only
		} else {
			nargs(3)
			orders(2)
		}
		v := t.fit(as[1], obj, val(1), as[1].Type())
		old, _ := t.atomicRMW(obj, func(cfa.Expr) cfa.Expr { return v }, want, false, p)
		return unless(want, old), true
	case "__atomic_exchange":
		nargs(4)
		obj := t.atomicObj(as[0], name)
		v := t.fit(as[1], obj, valOrPointee(1), nil)
		out := t.outVar(as[2], name)
		orders(3)
		old, _ := t.atomicRMW(obj, func(cfa.Expr) cfa.Expr { return v }, true, false, p)
		t.set(out, old, p)
		return zeroIf(want), true
	case "__atomic_test_and_set":
		nargs(2)
		obj := t.atomicObj(as[0], name)
		orders(1)
		old, _ := t.atomicRMW(obj, func(cfa.Expr) cfa.Expr { return num(1) }, want, false, p)
		return unless(want, bool01(old)), true
	case "__atomic_clear", "__sync_lock_release":
		obj := t.atomicObj(as[0], name)
		if name == "__atomic_clear" {
			nargs(2)
			orders(1)
		} else {
			nargs(1)
			t.pending = cfa.OrderRelease // GCC: a release barrier only
		}
		t.atomicStore(obj, num(0), p)
		return zeroIf(want), true
	case "__atomic_compare_exchange_n", "__atomic_compare_exchange":
		nargs(6)
		obj := t.atomicObj(as[0], name)
		expected := t.outVar(as[1], name)
		desired := t.fit(as[2], obj, valOrPointee(2), nil)
		weak, ok := intValue(as[3].Value())
		if !ok || hasSE(as[3]) {
			t.b.fail(as[3], "unsupported: %s with a weak flag that is not a constant", name)
		}
		orders(4, 5)
		return unless(want, t.compareExchange(obj, expected, desired, weak != 0, p)), true
	case "__sync_bool_compare_and_swap", "__sync_val_compare_and_swap":
		nargs(3)
		obj := t.atomicObj(as[0], name)
		// The builtins convert their values to the object's type.
		oldV, newV := t.fit(as[1], obj, val(1), as[1].Type()), t.fit(as[2], obj, val(2), as[2].Type())
		r := t.temp(nil)
		t.atomicOp(p, "atomic update", func() {
			seen := t.temp(nil)
			seen.Int = obj.Int
			t.set(seen, ref(obj), p)
			t.choose(p,
				arm{cond: mkBin(cfa.Eq, ref(seen), oldV), body: func() {
					t.add(&cfa.Edge{Kind: cfa.Assign, LHS: obj, RHS: newV, Pos: p, RMW: true})
				}},
				arm{cond: mkBin(cfa.Ne, ref(seen), oldV)})
			if name == "__sync_val_compare_and_swap" {
				t.set(r, ref(seen), p)
			} else {
				t.set(r, mkBin(cfa.Eq, ref(seen), oldV), p)
			}
		})
		return unless(want, ref(r)), true
	}
	// __atomic_fetch_OP, __atomic_OP_fetch, __sync_fetch_and_OP,
	// __sync_OP_and_fetch.
	var op string
	fetchFirst := false
	switch {
	case strings.HasPrefix(name, "__atomic_fetch_"):
		op, fetchFirst = strings.TrimPrefix(name, "__atomic_fetch_"), true
		nargs(3)
		orders(2)
	case strings.HasPrefix(name, "__atomic_") && strings.HasSuffix(name, "_fetch"):
		op = strings.TrimSuffix(strings.TrimPrefix(name, "__atomic_"), "_fetch")
		nargs(3)
		orders(2)
	case strings.HasPrefix(name, "__sync_fetch_and_"):
		op, fetchFirst = strings.TrimPrefix(name, "__sync_fetch_and_"), true
		nargs(2)
	case strings.HasPrefix(name, "__sync_") && strings.HasSuffix(name, "_and_fetch"):
		op = strings.TrimSuffix(strings.TrimPrefix(name, "__sync_"), "_and_fetch")
		nargs(2)
	}
	f := rmwOps[op]
	if f == nil {
		t.b.fail(x, "unsupported: %s", name)
	}
	if isPtr(pointee(as[0].Type())) {
		// GCC's builtins add bytes to a pointer; circ's addresses count
		// cells.
		t.b.fail(x, "unsupported: %s on a pointer", name)
	}
	obj := t.atomicObj(as[0], name)
	operand := val(1)
	next := func(o cfa.Expr) cfa.Expr {
		e := f(o, operand)
		if u, ok := e.(cfa.Unary); ok {
			t.intOp(u.X, x) // nand's and
		}
		// C11 and gcc define these to wrap, signed types too.
		return t.fit(x, obj, t.intOp(e, x), nil)
	}
	old, nw := t.atomicRMW(obj, next, want && fetchFirst, want && !fetchFirst, p)
	if fetchFirst {
		return unless(want, old), true
	}
	return unless(want, nw), true
}

// compareExchange lowers C11's compare-exchange: atomically, if x equals
// expected's value, x := desired and the result is 1; otherwise the
// result is 0 and expected receives x's value. A weak one may also fail
// while they are equal. expected is read before and written after the
// atomic step: it is a plain object.
func (t *tb) compareExchange(x, expected *cfa.Var, desired cfa.Expr, weak bool, p cfa.Pos) cfa.Expr {
	exp := t.temp(nil)
	t.set(exp, ref(expected), p)
	r, seen := t.temp(nil), t.temp(nil)
	seen.Int = x.Int
	// The load takes the failure order, the store the success order:
	// an acquiring success order acquires at the store (cfa.Edge.RMW).
	success := t.pending
	if success == cfa.NotAtomic {
		success = cfa.OrderSeqCst
	}
	t.pending = t.pendingFail
	t.pendingFail = cfa.NotAtomic
	t.atomicOp(p, "atomic compare-exchange", func() {
		t.set(seen, ref(x), p)
		arms := []arm{
			{cond: mkBin(cfa.Eq, ref(seen), ref(exp)), body: func() {
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: desired, Pos: p, Order: success, RMW: true})
				t.set(r, num(1), p)
			}},
			{cond: mkBin(cfa.Ne, ref(seen), ref(exp)), body: func() { t.set(r, num(0), p) }},
		}
		if weak {
			arms = append(arms, arm{cond: mkBin(cfa.Eq, ref(seen), ref(exp)), body: func() { t.set(r, num(0), p) }})
		}
		t.choose(p, arms...)
	})
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(r), num(0)), body: func() { t.set(expected, ref(seen), p) }},
		arm{cond: mkBin(cfa.Ne, ref(r), num(0))})
	return ref(r)
}

// checkAtomicViews rejects an access through a pointer (*p, p[i],
// p->f) whose lvalue, as written, disagrees with the atomicity of a
// cell it may reach (viewMismatch). Run after the points-to analysis,
// on the arms it keeps.
func (b *builder) checkAtomicViews(s *derefSite, vals pointsto.Set) {
	if s.plainView == "" && s.atomicView == "" {
		return
	}
	for _, a := range s.seen(vals) {
		o, i := b.prog.Memory.Find(a)
		if !s.cells[a] || o == nil || i >= len(o.Cells) {
			continue
		}
		if msg := viewMismatch(b.atomic[o.Cells[i]], o.CellName(i), s.plainView, s.atomicView); msg != "" {
			b.failAt(s.pos, "%s", msg)
		}
	}
}

// plainAtomicWrite is a plain write (memset, a struct copy) of atomic
// object name through a pointer, in the arm of a dereference choice
// that starts at location loc of c.
type plainAtomicWrite struct {
	c    *cfa.CFA
	loc  int
	n    cc.Node
	name string
}

// checkAtomicWrites rejects the plain writes of atomic objects through
// pointers on the arms the points-to analysis keeps (a copy into a
// struct that some other object of its type, an _Atomic one, shares
// cells' types with is fine).
func (b *builder) checkAtomicWrites(r *pointsto.Result) {
	for _, w := range b.plainAtomicWrites {
		if r.Reachable(w.c, w.loc) {
			b.fail(w.n, "unsupported: atomic object %s written through a pointer", w.name)
		}
	}
}

// atomicity is what circ knows of whether an lvalue, or what a pointer
// points to, has an _Atomic type as written.
type atomicity int

const (
	atomicUnknown atomicity = iota // circ cannot tell from the source
	atomicNo
	atomicYes
)

func atomicIf(b bool) atomicity {
	if b {
		return atomicYes
	}
	return atomicNo
}

// or is a || b: atomic if either is, plain if both are.
func (a atomicity) or(b atomicity) atomicity {
	switch {
	case a == atomicYes || b == atomicYes:
		return atomicYes
	case a == atomicNo && b == atomicNo:
		return atomicNo
	}
	return atomicUnknown
}

// pointeeAtomicity says whether pointer expression e, as written,
// points to an _Atomic type: from the declaration of a pointer
// variable, parameter or member, through arithmetic on one, the address
// of a variable or member, or a cast to a one-level pointer type.
func (b *builder) pointeeAtomicity(e cc.ExpressionNode, depth int) atomicity {
	if depth > 16 {
		return atomicUnknown
	}
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && x.Case == cc.PrimaryExpressionIdent {
			return b.declPointee(d)
		}
	case *cc.PostfixExpression:
		if (x.Case == cc.PostfixExpressionSelect || x.Case == cc.PostfixExpressionPSelect) && x.Field() != nil {
			return b.declPointee(x.Field().Declarator())
		}
	case *cc.AdditiveExpression:
		if isPtr(x.AdditiveExpression.Type()) {
			return b.pointeeAtomicity(x.AdditiveExpression, depth+1)
		}
		if x.Case == cc.AdditiveExpressionAdd && isPtr(x.MultiplicativeExpression.Type()) {
			return b.pointeeAtomicity(x.MultiplicativeExpression, depth+1)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionAddrof {
			return b.lvalueAtomicity(x.CastExpression, depth+1)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			return b.castPointee(x.TypeName)
		}
	}
	return atomicUnknown
}

// declPointee says whether what declarator d (a pointer, or an array
// parameter, which is one) points to is _Atomic.
func (b *builder) declPointee(d *cc.Declarator) atomicity {
	if d == nil {
		return atomicUnknown
	}
	ds := derivations(d)
	switch {
	case len(ds) > 0 && ds[0].ptr != nil:
		return atomicIf(b.atomicDecl(d, 1, 0))
	case len(ds) > 0 && ds[0].array:
		return atomicIf(b.isAtomicObject(d)) // elements carry the qualifiers
	case len(ds) == 0 && isPtr(d.Type()) && d.Type().Typedef() != nil:
		return atomicIf(b.atomicDecl(d, 1, 0)) // a pointer typedef
	}
	return atomicUnknown
}

// castPointee says whether the pointer type a cast names points to an
// _Atomic type: known for one pointer level over specifiers that are
// _Atomic or plain as written.
func (b *builder) castPointee(tn *cc.TypeName) atomicity {
	if tn == nil || tn.AbstractDeclarator == nil {
		return atomicUnknown
	}
	ad := tn.AbstractDeclarator
	if ad.DirectAbstractDeclarator != nil || ad.Pointer == nil || ad.Pointer.Pointer != nil {
		return atomicUnknown
	}
	for l := tn.SpecifierQualifierList; l != nil; l = l.SpecifierQualifierList {
		switch {
		case l.TypeQualifier != nil && l.TypeQualifier.Case == cc.TypeQualifierAtomic:
			return atomicYes
		case l.TypeSpecifier != nil && l.TypeSpecifier.Case == cc.TypeSpecifierAtomic:
			return atomicYes
		case l.TypeSpecifier != nil && l.TypeSpecifier.Case == cc.TypeSpecifierTypeName:
			if td := visibleTypedef(l.TypeSpecifier); td != nil && !isPtr(td.Type()) {
				return atomicIf(b.isAtomicObject(td))
			}
			return atomicUnknown
		}
	}
	return atomicNo
}

// lvalueAtomicity says whether lvalue expression e, as written, has an
// _Atomic type: an _Atomic variable, an element of an array of them, a
// dereference of a pointer to an _Atomic type, an _Atomic member or a
// member of an _Atomic struct.
func (b *builder) lvalueAtomicity(e cc.ExpressionNode, depth int) atomicity {
	if depth > 16 {
		return atomicUnknown
	}
	field := func(f *cc.Field) atomicity {
		if f == nil {
			return atomicUnknown
		}
		return atomicIf(b.isAtomicObject(f.Declarator()))
	}
	switch x := strip(e).(type) {
	case *cc.PrimaryExpression:
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && x.Case == cc.PrimaryExpressionIdent {
			return atomicIf(b.isAtomicObject(d))
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return b.pointeeAtomicity(x.CastExpression, depth+1)
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			if ptr := derefPointer(x); ptr != nil {
				return b.pointeeAtomicity(ptr, depth+1)
			}
			return b.lvalueAtomicity(x.PostfixExpression, depth+1)
		case cc.PostfixExpressionSelect:
			return field(x.Field()).or(b.lvalueAtomicity(x.PostfixExpression, depth+1))
		case cc.PostfixExpressionPSelect:
			return field(x.Field()).or(b.pointeeAtomicity(x.PostfixExpression, depth+1))
		}
	}
	return atomicUnknown
}

// derefPointer is the pointer operand of subscript x when it subscripts
// a pointer (p[i], i[p]); nil when it subscripts an array.
func derefPointer(x *cc.PostfixExpression) cc.ExpressionNode {
	for _, e := range []cc.ExpressionNode{x.PostfixExpression, x.ExpressionList} {
		if e != nil && isPtr(e.Type()) && !isArray(e.Type()) {
			return e
		}
	}
	return nil
}
