package cfront

// Struct variables by scalar replacement. A struct variable whose address
// is never taken (except a synchronization field's, as the argument of a
// synchronization call) is exactly the tuple of its scalar fields, so it
// becomes one cfa.Var per leaf field, named as C writes it (s.f, s.f.g).
// A member access is a reference to the leaf; a struct assignment or
// initialization is one assignment per leaf, in field order, so that
// `s = t` writes every field of s and reads every field of t, as in C.

import (
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// member is one field of a struct variable: a leaf (a scalar or
// synchronization variable, or the reason the field is unusable) or a
// nested struct.
type member struct {
	name string
	l    *local
}

// fieldObj identifies a synchronization field of a C object, like objKey
// does for a whole variable: the object's key and the field path (m, f.m).
type fieldObj struct {
	base any
	path string
}

// isStruct reports whether t is a struct or union circ replaces by its
// fields (a synchronization type implemented as one is not). A union's
// members are laid out one after the other, as a struct's are, and a
// write of one member's cell writes the cells of the others it overlaps
// (unions.go).
func (b *builder) isStruct(t cc.Type) bool {
	return t != nil && (t.Kind() == cc.Struct || t.Kind() == cc.Union) && b.syncTypeName(t) == ""
}

// fieldList is a struct or union type: cc's two types share their field
// methods.
type fieldList interface {
	cc.Type
	NumFields() int
	FieldByIndex(int) *cc.Field
	FieldByName(string) *cc.Field
	IsIncomplete() bool
	Tag() cc.Token
}

// aggregateKeyword is "struct" or "union", as C declares t.
func aggregateKeyword(t cc.Type) string {
	if t.Kind() == cc.Union {
		return "union"
	}
	return "struct"
}

// fieldsOf is struct or union type t's field list (ok false for any
// other type).
func fieldsOf(t cc.Type) (fieldList, bool) {
	if t == nil || (t.Kind() != cc.Struct && t.Kind() != cc.Union) {
		return nil, false
	}
	f, ok := t.(fieldList)
	return f, ok
}

// leafMaker creates the variable of one scalar field: path is the field
// path below the struct variable (f, f.g), off its byte offset, and
// atomic whether the field is _Atomic or a member of an atomic struct
// (gcc makes every access to such a member atomic).
type leafMaker func(path string, typ cc.Type, off int64, atomic bool) *local

// structLocal builds the local of a struct variable of type t named cname,
// creating each usable leaf with mk; atomic says the variable is _Atomic.
// Fields circ cannot model are leaves whose use is an error.
func (b *builder) structLocal(t cc.Type, cname, prefix string, off int64, atomic bool, mk leafMaker) *local {
	st, ok := fieldsOf(t)
	if !ok {
		return &local{bad: "unsupported: struct variable " + cname, typ: t}
	}
	if st.IsIncomplete() {
		return &local{bad: "unsupported: incomplete struct variable " + cname, typ: t}
	}
	l := &local{typ: t, atomic: atomic}
	for i := 0; i < st.NumFields(); i++ {
		f := st.FieldByIndex(i)
		if f == nil {
			continue
		}
		if f.Name() == "" {
			if f.IsBitfield() {
				continue // unnamed padding bit-field
			}
			return &local{bad: "unsupported: anonymous struct or union member in " + cname, typ: t}
		}
		path := f.Name()
		if prefix != "" {
			path = prefix + "." + f.Name()
		}
		full := cname + "." + f.Name()
		ft := f.Type()
		fa := atomic || b.isAtomicObject(f.Declarator())
		var fl *local
		switch {
		case f.IsBitfield():
			b.layingBitField = f
			fl = mk(path, ft, off+f.Offset(), fa)
			b.layingBitField = nil
			b.narrowBitField(fl.v, f)
		case f.IsFlexibleArrayMember():
			fl = &local{bad: "unsupported: flexible array member " + full, typ: ft}
		case b.isStruct(ft):
			fl = b.structLocal(ft, full, path, off+f.Offset(), fa, mk)
		default:
			if _, bad := b.classify(ft); bad != "" {
				fl = &local{bad: "unsupported: " + bad + " field " + full, typ: ft}
			} else {
				fl = mk(path, ft, off+f.Offset(), fa)
			}
		}
		l.members = append(l.members, member{name: f.Name(), l: fl})
	}
	if prefix == "" {
		b.noteStructOverlaps(t, l)
	}
	return l
}

// leaves lists the leaf locals of struct local l in field order.
func leaves(l *local) []*local {
	var out []*local
	for _, m := range l.members {
		if m.l.members != nil {
			out = append(out, leaves(m.l)...)
		} else {
			out = append(out, m.l)
		}
	}
	return out
}

// field returns the member named name of struct local l.
func (l *local) field(name string) *local {
	for _, m := range l.members {
		if m.name == name {
			return m.l
		}
	}
	return nil
}

// initAt finds, among the initializers below init, the one for the
// object at byte offset off whose type satisfies want.
func initAt(init *cc.Initializer, off int64, want func(*cc.Initializer) bool) *cc.Initializer {
	var found *cc.Initializer
	inspect(init, func(n any) bool {
		if i, ok := n.(*cc.Initializer); ok && found == nil && i.Offset() == off && want(i) {
			found = i
		}
		return found == nil
	})
	return found
}

// leafInit finds the initializer of the leaf at offset off of type typ
// inside the struct initializer init (nil: zero). A synchronization
// field must have its own braced initializer (or expression); brace
// elision across one is an error.
func (b *builder) leafInit(init *cc.Initializer, off int64, typ cc.Type, bf *cc.Field, sync, name string) *cc.Initializer {
	if init == nil {
		return nil
	}
	if sync != "" {
		i := initAt(init, off, func(i *cc.Initializer) bool { return b.syncTypeName(i.Type()) == sync })
		if i == nil && isInt(typ) {
			// pthread_t, pthread_once_t, pthread_spinlock_t: integers.
			i = initAt(init, off, func(i *cc.Initializer) bool { return i.Case == cc.InitializerExpr && isInt(i.Type()) })
		}
		if i == nil {
			// Brace elision into the object ({0} for the whole struct is
			// the common case): only zeros are its default state.
			inspect(init, func(n any) bool {
				x, ok := n.(*cc.Initializer)
				if !ok || x.Case != cc.InitializerExpr || x.Offset() < off || x.Offset() >= off+typ.Size() {
					return true
				}
				if v, ok := intValue(x.AssignmentExpression.Value()); !ok || v != 0 || hasSE(x.AssignmentExpression) {
					b.fail(x, "unsupported: initializer of %s without its own braces", name)
				}
				return true
			})
		}
		return i
	}
	// Bit-fields (bf: the leaf's) share offsets: each takes its own
	// initializer.
	i := initAt(init, off, func(i *cc.Initializer) bool {
		if f := i.Field(); (bf != nil || f != nil && f.IsBitfield()) && !sameField(f, bf) {
			return false
		}
		return i.Case == cc.InitializerExpr && (isInt(i.Type()) || isPtr(i.Type()) || isFloat(i.Type()) || isArray(i.Type()) || isFunc(i.Type()))
	})
	if i == nil && isInt(typ) && typ.Size() == 1 {
		// A char after the first of an array a string literal
		// initializes: the literal nearest before it (stringChar).
		inspect(init, func(n any) bool {
			if x, ok := n.(*cc.Initializer); ok && x.Offset() <= off && stringLiteralOf(x) != nil && isArray(x.Type()) && (i == nil || x.Offset() > i.Offset()) {
				i = x
			}
			return true
		})
	}
	if i != nil && isArray(i.Type()) && !isPtr(typ) {
		if _, ok := stringChar(i, off, typ); !ok {
			b.fail(i, "unsupported: %s initialized from a string literal", name)
		}
	}
	return i
}

// stringLiteralOf is the narrow string literal initializer init is, if
// it is one.
func stringLiteralOf(init *cc.Initializer) *cc.PrimaryExpression {
	if init == nil || init.Case != cc.InitializerExpr {
		return nil
	}
	if lit, ok := strip(init.AssignmentExpression).(*cc.PrimaryExpression); ok && lit.Case == cc.PrimaryExpressionString {
		return lit
	}
	return nil
}

// stringChar is the value of the char cell at byte offset off, of type
// typ, of an array that string literal initializer li initializes
// (char s[8] = "ab", {1, "ab"}): the literal's char there, 0 past its
// last (C pads the array with zeros). ok is false where li is not such
// an initializer.
func stringChar(li *cc.Initializer, off int64, typ cc.Type) (v int64, ok bool) {
	lit := stringLiteralOf(li)
	if lit == nil || !isArray(li.Type()) || !isInt(typ) || typ.Size() != 1 || off < li.Offset() {
		return 0, false
	}
	sv, ok := lit.Value().(cc.StringValue)
	if !ok {
		return 0, false
	}
	bs := []byte(string(sv))
	if k := off - li.Offset(); k < int64(len(bs)) {
		v = int64(bs[k])
		if cc.IsSignedInteger(typ) {
			v = int64(int8(bs[k]))
		}
	}
	return v, true
}

// checkStructInit rejects the initializers of a struct circ does not
// split by field: a struct-valued expression inside the list.
func (b *builder) checkStructInit(init *cc.Initializer, cname string) {
	inspect(init, func(n any) bool {
		if i, ok := n.(*cc.Initializer); ok && i.Case == cc.InitializerExpr && i != init && i.AssignmentExpression != nil && b.isStruct(i.AssignmentExpression.Type()) {
			b.fail(i, "unsupported: struct value inside the initializer of %s", cname)
		}
		return true
	})
}

// newStaticStruct creates the variables of a struct of static storage
// (global or static local): zero unless initialized, each leaf from its
// constant initializer.
//
// A global's initializer that circ cannot split is an error only when
// the global is used, like an unsupported type: the variable records it.
func (b *builder) newStaticStruct(d *cc.Declarator, name, cname string, init *cc.Initializer) (l *local) {
	if b.isFileScope(d) {
		n := len(b.prog.Globals)
		defer func() {
			if r := recover(); r != nil {
				e, ok := r.(*Error)
				if !ok {
					panic(r)
				}
				b.prog.Globals = b.prog.Globals[:n]
				l = &local{bad: e.Msg, typ: d.Type()}
			}
		}()
	}
	if init != nil {
		if init.Case == cc.InitializerExpr {
			b.fail(init, "unsupported: initializer of struct %s from a struct value", cname)
		}
		b.checkStructInit(init, cname)
	}
	img := b.unionImage(d.Type(), init)
	base := b.objKey(d)
	return b.structLocal(d.Type(), cname, "", 0, b.isAtomicObject(d), func(path string, typ cc.Type, off int64, atomic bool) *local {
		kind, _ := b.classify(typ)
		if img.covers(off) && kind == cfa.Data {
			l := b.staticScalar(d, name+"."+path, cname+"."+path, typ, kind, fieldObj{base, path}, atomic, nil)
			l.v.Init = img.value(off, typ, b.layingBitField, b, d)
			return l
		}
		li := b.leafInit(init, off, typ, b.layingBitField, b.syncTypeName(typ), cname+"."+path)
		if c, ok := stringChar(li, off, typ); ok {
			l := b.staticScalar(d, name+"."+path, cname+"."+path, typ, kind, fieldObj{base, path}, atomic, nil)
			l.v.Init = c
			return l
		}
		return b.staticScalar(d, name+"."+path, cname+"."+path, typ, kind, fieldObj{base, path}, atomic, li)
	})
}

// declStruct creates the variables of a local struct variable and lowers
// its initialization: from an initializer list (missing fields are zero),
// from another struct, or, without an initializer, an arbitrary value in
// every data field.
func (t *tb) declStruct(d *cc.Declarator, init *cc.Initializer) *local {
	l := t.structVar(d)
	p := t.b.pos(d)
	switch {
	case init == nil:
		for _, f := range leaves(l) {
			if f.v != nil && f.v.Kind == cfa.Data {
				lo, hi := t.b.rangeOf(f.typ)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: f.v, Lo: lo, Hi: hi, Pos: p, Note: "uninitialized " + f.v.CName})
			}
		}
	case init.Case == cc.InitializerExpr:
		src := t.structRvalue(init.AssignmentExpression)
		t.copyStruct(lval{l: l, typ: d.Type(), n: d}, src, d.Name(), p)
	default:
		t.initStructLocal(l, d.Type(), init, d.Name(), p)
	}
	return l
}

// structVar is the local of struct variable d of the current frame
// (not in memory), created on first use.
func (t *tb) structVar(d *cc.Declarator) *local {
	l := t.fr.vars[d]
	if l == nil {
		base := t.b.objKey(d)
		l = t.b.structLocal(d.Type(), d.Name(), "", 0, t.b.isAtomicObject(d), func(path string, typ cc.Type, off int64, atomic bool) *local {
			kind, _ := t.b.classify(typ)
			fl := t.newVar(nil, d.Name()+"."+path, kind, typ)
			fl.v.Pos = t.b.pos(d)
			fl.sync, fl.key = t.b.syncTypeName(typ), fieldObj{base, path}
			t.b.atomic[fl.v] = atomic
			return fl
		})
		t.fr.vars[d] = l
	}
	if l.bad != "" {
		t.b.fail(d, "%s", l.bad)
	}
	return l
}

// initStructList assigns each leaf of l its initializer's value (zero if
// the list omits it), in field order.
func (t *tb) initStructList(l *local, init *cc.Initializer, cname string, p cfa.Pos) {
	whole := newWholeCopy(t.c)
	defer whole.done(t.b)
	for _, f := range t.leafOffsets(l) {
		if f.l.bad != "" {
			if t.b.leafInit(init, f.off, f.l.typ, nil, "", "") != nil {
				t.b.fail(init, "%s", f.l.bad)
			}
			continue
		}
		v := f.l.v
		li := t.b.leafInit(init, f.off, f.l.typ, t.b.bitFields[v], f.l.sync, v.CName)
		if f.l.sync != "" {
			if v.Kind == cfa.Handle {
				if li != nil {
					t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: t.expr(li.AssignmentExpression, true), Pos: p})
				}
				continue
			}
			t.b.syncInit(v, f.l.sync, li, f.l.key)
			t.declaredSync(f.l, p)
			continue
		}
		var e cfa.Expr = cfa.Const{Val: 0}
		if c, ok := stringChar(li, f.off, f.l.typ); ok {
			e = num(c)
		} else if li != nil && li.AssignmentExpression != nil {
			e = t.initValue(li.AssignmentExpression, v, f.l.typ)
		}
		if t.b.atomic[v] {
			// Initialization is not an atomic access (C11 7.17.2.2);
			// no other thread can see this local yet.
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: e, Pos: p})
			continue
		}
		n := len(t.c.Edges)
		t.assignTo(v, e, p)
		whole.write(v, n)
	}
}

// leafOff is a leaf local with its byte offset in the struct.
type leafOff struct {
	l   *local
	off int64
}

// leafOffsets lists the leaves of struct local l with their offsets.
func (t *tb) leafOffsets(l *local) []leafOff {
	var out []leafOff
	var walk func(l *local, typ cc.Type, off int64)
	walk = func(l *local, typ cc.Type, off int64) {
		st, _ := fieldsOf(typ)
		for _, m := range l.members {
			f := st.FieldByName(m.name)
			if m.l.members != nil {
				walk(m.l, f.Type(), off+f.Offset())
				continue
			}
			out = append(out, leafOff{m.l, off + f.Offset()})
		}
	}
	walk(l, l.typ, 0)
	return out
}

// memberPath resolves n, written v.f.g (possibly parenthesized), to v's
// identifier and the field names; ok is false if n is not of that form.
func memberPath(n cc.ExpressionNode) (pe *cc.PrimaryExpression, path []string, ok bool) {
	switch x := strip(n).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			return x, nil, true
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return memberPath(x.PrimaryExpression)
		case cc.PostfixExpressionSelect:
			pe, path, ok := memberPath(x.PostfixExpression)
			if !ok {
				return nil, nil, false
			}
			return pe, append(path, x.Token2.SrcStr()), true
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionPostfix {
			return memberPath(x.PostfixExpression)
		}
	}
	return nil, nil, false
}

// memberBase describes the object a member access that is not
// variable.field applies to.
func memberBase(n cc.ExpressionNode) string {
	for {
		x, ok := strip(n).(*cc.PostfixExpression)
		if !ok {
			return "a value that is not a struct variable"
		}
		switch x.Case {
		case cc.PostfixExpressionSelect:
			n = x.PostfixExpression
			continue
		case cc.PostfixExpressionPSelect:
			return "a pointer (->)"
		case cc.PostfixExpressionIndex:
			return "an array element (arrays of structs)"
		case cc.PostfixExpressionCall:
			return "a struct returned by a function"
		case cc.PostfixExpressionPrimary:
			if pe, ok := x.PrimaryExpression.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionExpr {
				return "a struct expression"
			}
		}
		return "a value that is not a struct variable"
	}
}

// member resolves a member access v.f.g to the local of that field (a
// leaf or a nested struct), or fails naming the construct.
func (t *tb) member(n cc.ExpressionNode) *local {
	if x, ok := strip(n).(*cc.PostfixExpression); ok && x.Case == cc.PostfixExpressionPSelect {
		t.b.fail(n, "unsupported: member access through a pointer (->)")
	}
	pe, path, ok := memberPath(n)
	if !ok {
		t.b.fail(n, "unsupported: member access on %s", memberBase(n))
	}
	d, ok := pe.ResolvedTo().(*cc.Declarator)
	if !ok {
		t.b.fail(pe, "unsupported: identifier %s", pe.Token.SrcStr())
	}
	l := t.lookup(d, pe)
	if l.bad != "" {
		t.b.fail(pe, "%s", l.bad)
	}
	name := pe.Token.SrcStr()
	for _, f := range path {
		if l.members == nil {
			t.b.fail(n, "unsupported: member access %s.%s", name, f)
		}
		l = l.field(f)
		name += "." + f
		if l == nil {
			t.b.fail(n, "unsupported: member %s", name)
		}
		if l.bad != "" {
			t.b.fail(n, "%s", l.bad)
		}
	}
	return l
}

// describeLocal names a struct local by its first leaf's prefix.
func describeLocal(l *local) string {
	for _, f := range leaves(l) {
		if f.v != nil {
			name := f.v.CName
			if i := strings.LastIndex(name, "."); i >= 0 {
				return name[:i]
			}
		}
	}
	return "value"
}

// structRvalue resolves a struct-valued expression that is copied: an
// lvalue of struct type (a variable, a member, *p, p->f, a[i]).
func (t *tb) structRvalue(n cc.ExpressionNode) lval {
	s := strip(n)
	switch x := s.(type) {
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionCall:
			return t.structCall(x)
		case cc.PostfixExpressionComplit:
			return t.structLiteral(x)
		}
		return t.lvalue(s)
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref || x.Case == cc.UnaryExpressionPostfix {
			return t.lvalue(s)
		}
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			return t.lvalue(s)
		}
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			t.b.fail(n, "unsupported: value of a struct assignment")
		}
	case *cc.CastExpression:
		// (const struct s)v, which CIL writes and gcc accepts: a cast
		// to the struct's own type, qualifiers aside, is its value.
		if x.Case == cc.CastExpressionCast && x.CastExpression.Type() != nil && x.Type().IsCompatible(x.CastExpression.Type()) {
			return t.structRvalue(x.CastExpression)
		}
	}
	t.b.fail(n, "unsupported: struct value")
	return lval{}
}

// structLeaves lists the scalar leaves of struct lvalue lv in memory
// order, each as an lvalue: the leaf variables of a known struct, or the
// cells at lv's run-time address plus the leaf's index. A leaf a copy
// cannot move (a synchronization object, a field circ does not model) is
// an error naming the struct.
func (t *tb) structLeaves(lv lval, name string, p cfa.Pos) []lval {
	if lv.l != nil {
		if lv.l.members == nil {
			t.b.failAt(p, "unsupported: struct value")
		}
		var out []lval
		for _, f := range leaves(lv.l) {
			switch {
			case f.bad != "":
				t.b.failAt(p, "%s (in the copy of struct %s)", f.bad, name)
			case f.v.Kind != cfa.Data:
				t.b.failAt(p, "unsupported: copy of struct %s, which holds synchronization object %s", name, f.v.CName)
			}
			out = append(out, lval{l: f, typ: f.typ, n: lv.n})
		}
		return out
	}
	if !t.b.isStruct(lv.typ) {
		t.b.failAt(p, "unsupported: struct value")
	}
	var specs []cellSpec
	t.b.layout(lv.typ, "", 0, false, &specs)
	out := make([]lval, len(specs))
	for i, cs := range specs {
		switch {
		case cs.bad != "":
			t.b.failAt(p, "%s (in the copy of struct %s)", cs.bad, name)
		case t.b.syncTypeName(cs.typ) != "":
			t.b.failAt(p, "unsupported: copy of struct %s, which holds synchronization object %s", name, name+cs.path)
		}
		out[i] = t.atAddr(mkBin(cfa.Add, lv.addr, num(int64(i))), cs.typ, lv.n)
	}
	return out
}

// structAtomic reports whether struct lvalue lv is _Atomic as a whole:
// a struct variable or object declared so, or, at a run-time address,
// an lvalue whose type C makes _Atomic (lvalueAtomicity).
func (t *tb) structAtomic(lv lval) bool {
	if lv.l != nil && lv.l.members != nil {
		return lv.l.atomic
	}
	e, ok := lv.n.(cc.ExpressionNode)
	return ok && t.b.lvalueAtomicity(e, 0) == atomicYes
}

// structName names a struct lvalue for messages.
func structName(lv lval) string {
	if lv.l != nil {
		return describeLocal(lv.l)
	}
	return "(" + nodeText(lv.n) + ")"
}

// copyStruct assigns each leaf of src to the same leaf of dst, in field
// order: every field of src is read and every field of dst written. A
// struct at a run-time address is copied cell by cell, each access a
// choice on its address like any other.
//
// A copy from a struct variable that is _Atomic as a whole is one atomic
// load, and a copy to one one atomic store, as gcc makes them (through
// libatomic): the atomic side's leaves move in one atomic section, to or
// from temporaries, and the other side's accesses stay plain, outside it
// (b = a for _Atomic a and b is a load, then a store). Otherwise the
// copy is plain, also on the struct's _Atomic fields: a struct copy is
// no atomic operation in C, and gcc copies such a struct with plain
// moves. Through a pointer, circ cannot tell whether the struct is
// atomic as a whole, so atomic fields are an error there.
func (t *tb) copyStruct(dst, src lval, name string, p cfa.Pos) {
	whole := newWholeCopy(t.c)
	defer whole.done(t.b)
	dl, sl := t.structLeaves(dst, name, p), t.structLeaves(src, name, p)
	if len(dl) != len(sl) {
		t.b.failAt(p, "unsupported: assignment between different struct types")
	}
	srcAtomic, dstAtomic := t.structAtomic(src), t.structAtomic(dst)
	// read gives the value of leaf s, through a temporary unless direct
	// (a variable read where it is used).
	read := func(s lval, direct bool) cfa.Expr {
		if s.l != nil {
			if direct {
				return ref(s.l.v)
			}
			res := t.temp(s.typ)
			t.set(res, ref(s.l.v), p)
			return ref(res)
		}
		res := t.temp(s.typ)
		t.access(s, func(l *local) {
			if t.b.atomic[l.v] && !srcAtomic {
				t.b.failAt(p, "unsupported: copy of struct %s through a pointer, which holds atomic field %s", name, l.v.CName)
			}
			t.set(res, ref(l.v), t.b.pos(s.n))
		})
		return ref(res)
	}
	write := func(d lval, val cfa.Expr, typ cc.Type) {
		if d.l != nil {
			n := len(t.c.Edges)
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: d.l.v, RHS: val, Pos: p})
			whole.write(d.l.v, n)
			return
		}
		t.updateWith(d, false, dstAtomic, func(v *cfa.Var) cfa.Expr {
			n := len(t.c.Edges)
			t.assignTo(v, t.fit(nil, v, val, typ), p)
			whole.write(v, n)
			return nil
		})
	}
	if !srcAtomic && !dstAtomic {
		for i, d := range dl {
			write(d, read(sl[i], d.l != nil), sl[i].typ)
		}
		return
	}
	vals := make([]cfa.Expr, len(sl))
	load := func() {
		for i, s := range sl {
			vals[i] = read(s, false)
		}
	}
	store := func() {
		for i, d := range dl {
			write(d, vals[i], sl[i].typ)
		}
	}
	if srcAtomic {
		t.atomicOp(p, "atomic struct load", load)
	} else {
		load()
	}
	if dstAtomic {
		t.atomicOp(p, "atomic struct store", store)
	} else {
		store()
	}
}

// structAssign lowers s = t for struct lvalues.
func (t *tb) structAssign(x *cc.AssignmentExpression, want bool, p cfa.Pos) cfa.Expr {
	if x.Case != cc.AssignmentExpressionAssign {
		t.b.fail(x, "unsupported: compound assignment to a struct")
	}
	if want {
		t.b.fail(x, "unsupported: value of a struct assignment")
	}
	dst := t.structRvalue(x.UnaryExpression)
	if dst.l != nil && dst.l.members == nil {
		t.b.fail(x.UnaryExpression, "unsupported: struct assignment target")
	}
	src := t.structRvalue(x.AssignmentExpression)
	t.copyStruct(dst, src, structName(dst), p)
	return nil
}

// addrArg resolves an argument written &v or &v.f.g (possibly
// parenthesized or cast) to v's declarator, identifier and field path.
func addrArg(n cc.ExpressionNode) (*cc.Declarator, *cc.PrimaryExpression, []string) {
	if u, ok := stripCasts(n).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		if pe, path, ok := memberPath(u.CastExpression); ok {
			if d, ok := pe.ResolvedTo().(*cc.Declarator); ok {
				return d, pe, path
			}
		}
	}
	return nil, nil, nil
}

// argKey identifies the C object an argument &v or &v.f points to, as
// objKey and fieldObj do; nil if the argument is not of that form.
func (b *builder) argKey(n cc.ExpressionNode) any {
	d, _, path := addrArg(n)
	return b.memberKey(d, path)
}

// argKeyOf identifies the C object v or v.f that n names, as argKey
// does for &n; nil if n is not of that form.
func (b *builder) argKeyOf(n cc.ExpressionNode) any {
	pe, path, ok := memberPath(n)
	if !ok {
		return nil
	}
	d, _ := pe.ResolvedTo().(*cc.Declarator)
	return b.memberKey(d, path)
}

// memberKey identifies member path of variable d (d itself for none).
func (b *builder) memberKey(d *cc.Declarator, path []string) any {
	if d == nil {
		return nil
	}
	if len(path) == 0 {
		return b.objKey(d)
	}
	return fieldObj{b.objKey(d), strings.Join(path, ".")}
}

// copyStructInits copies, after the initialization of struct local l
// (which left them zero), the struct values its initializer list init
// gives members ({.f = s}, where s is a struct).
func (t *tb) copyStructInits(l *local, init *cc.Initializer, cname string, p cfa.Pos) {
	inspect(init, func(n any) bool {
		i, ok := n.(*cc.Initializer)
		if !ok || i == init || i.Case != cc.InitializerExpr || i.AssignmentExpression == nil || !t.b.isStruct(i.AssignmentExpression.Type()) {
			return true
		}
		typ := i.AssignmentExpression.Type()
		name := ""
		if f := i.Field(); f != nil {
			name = f.Name()
		}
		m := memberAt(l, i.Offset(), typ, name)
		if m == nil {
			t.b.fail(i, "unsupported: struct value inside the initializer of %s", cname)
		}
		inspect(init, func(n any) bool {
			// A later designator into the copied member ({.in = s,
			// .in.a = 9}) would have to win over the copy.
			if o, ok := n.(*cc.Initializer); ok && o != i && o.Case == cc.InitializerExpr && o.Offset() >= i.Offset() && o.Offset() < i.Offset()+typ.Size() {
				t.b.fail(o, "unsupported: initializer inside a struct value the initializer of %s copies", cname)
			}
			return true
		})
		t.copyStruct(lval{l: m, typ: m.typ, n: i}, t.structRvalue(i.AssignmentExpression), cname, p)
		return false
	})
}

// memberAt is the member named name (the struct itself: "") of
// struct local l at byte offset off whose type is typ, nil if none.
func memberAt(l *local, off int64, typ cc.Type, name string) *local {
	st, ok := fieldsOf(l.typ)
	if !ok {
		return nil
	}
	for _, m := range l.members {
		f := st.FieldByName(m.name)
		if f == nil || m.l.members == nil || off < f.Offset() || off >= f.Offset()+f.Type().Size() {
			continue
		}
		if off == f.Offset() && m.name == name && f.Type().Size() == typ.Size() && f.Type().Kind() == typ.Kind() {
			return m.l
		}
		if r := memberAt(m.l, off-f.Offset(), typ, name); r != nil {
			return r
		}
	}
	return nil
}

// structLiteral lowers compound literal x of struct type, (struct S){.f
// = 1}, into a struct of its own, initialized as a declaration with that
// initializer list would be.
func (t *tb) structLiteral(x *cc.PostfixExpression) lval {
	typ := x.Type()
	p := t.b.pos(x)
	if !t.b.isStruct(typ) || t.b.holdsArray(typ) {
		t.b.fail(x, "unsupported: compound literal of %s", describeC(typ))
	}
	l := t.structTemp(typ, "literal", p)
	init := &cc.Initializer{Case: cc.InitializerInitList, InitializerList: x.InitializerList}
	t.initStructLocal(l, typ, init, "the compound literal", p)
	return lval{l: l, typ: typ, n: x}
}

// initStructLocal initializes struct local l of type typ from
// initializer list init: each leaf from its initializer (zero if the
// list omits it), then the struct values the list holds, then the
// union members it names, again, so that their overlaps follow.
func (t *tb) initStructLocal(l *local, typ cc.Type, init *cc.Initializer, cname string, p cfa.Pos) {
	t.initStructList(l, init, cname, p)
	t.copyStructInits(l, init, cname, p)
	var specs []cellSpec
	t.b.layout(typ, "", 0, false, &specs)
	if ls := leaves(l); len(ls) == len(specs) {
		vars := make([]*cfa.Var, len(ls))
		for i, f := range ls {
			vars[i] = f.v
		}
		t.restoreUnionInits(specs, vars, init, p)
	}
}

// structResult is the struct local that receives the value a call
// returns.
type structResult struct {
	call *cc.PostfixExpression
	l    *local
}

// structCall lowers call x, which returns a struct, and resolves its
// value: the struct local its inlined body's return statements copy
// into. A call of a function circ has no body for, or through a
// pointer to one of several, has no such single local.
func (t *tb) structCall(x *cc.PostfixExpression) lval {
	mark := len(t.structResults)
	t.expr(x, false)
	var ls []*local
	for _, r := range t.structResults[mark:] {
		if r.call == x {
			ls = append(ls, r.l)
		}
	}
	t.structResults = t.structResults[:mark]
	if len(ls) != 1 {
		t.b.fail(x, "unsupported: struct returned by value from a function (other than one defined in the program and called directly)")
	}
	return lval{l: ls[0], typ: x.Type(), n: x}
}

// unnamedStackObject creates an object in memory of this activation,
// of type typ and named cname, that no declarator names.
func (t *tb) unnamedStackObject(typ cc.Type, cname string, p cfa.Pos) *local {
	b := t.b
	oname, key := b.unique(cname), new(byte)
	o := b.newObject(cfa.StackObject, oname, typ, p, t.c, nil, func(cs cellSpec) *local {
		l := b.dynamicCell(oname, cs, p, cellKey(key, cs.path))
		b.atomic[l.v] = cs.atomic
		return l
	})
	return b.objectLocal(o, typ, false)
}

// structTemp creates a struct local of type typ, named cname, that no
// declarator names: in memory if it holds an array.
func (t *tb) structTemp(typ cc.Type, cname string, p cfa.Pos) *local {
	if t.b.holdsArray(typ) {
		return t.unnamedStackObject(typ, cname, p)
	}
	return t.b.structLocal(typ, cname, "", 0, false, func(path string, ft cc.Type, off int64, atomic bool) *local {
		kind, _ := t.b.classify(ft)
		fl := t.newVar(nil, cname+"."+path, kind, ft)
		fl.sync = t.b.syncTypeName(ft)
		t.b.atomic[fl.v] = atomic
		return fl
	})
}
