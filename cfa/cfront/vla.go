package cfront

// Variably modified types: a variable-length array type, or one derived
// from it (a pointer to one). C evaluates their size expressions where a
// declaration or type name naming them is reached, which reads the
// variables they mention. circ lowers a variable-length array object
// whose elements have a constant size (int a[n], not int a[n][m]) as a
// block of its frame, laid out as alloca's, and computes sizeof of a
// type name (evaluating its sizes there, as C does). It rejects every
// other place such a type appears: the declarations and casts whose
// hidden reads circ would otherwise miss.

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// variablyModified reports whether t is a variably modified type.
func variablyModified(t cc.Type) bool {
	return anyLayer(t, func(t cc.Type) bool {
		at, ok := t.(*cc.ArrayType)
		return ok && at.IsVLA()
	})
}

// anyLayer reports whether pred holds for t or for a type t derives
// from through pointers and arrays (what it points to, its elements).
func anyLayer(t cc.Type, pred func(cc.Type) bool) bool {
	for depth := 0; t != nil && depth < 64; depth++ {
		if pred(t) {
			return true
		}
		switch x := t.(type) {
		case *cc.ArrayType:
			t = x.Elem()
		case *cc.PointerType:
			t = x.Elem()
		default:
			return false
		}
	}
	return false
}

// checkVariablyModified rejects the declarations and type names of
// variably modified types, but the operand of sizeof.
func (b *builder) checkVariablyModified() {
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		switch x := n.(type) {
		case *cc.Declarator:
			if x.IsParam() || !variablyModified(x.Type()) {
				return true
			}
			if x.IsTypename() {
				b.fail(x, "unsupported: typedef %s of a variable-length array type", x.Name())
			}
			if _, ok := plainVLA(x); ok {
				return true // an object (vlaDecl)
			}
			if _, ok := x.Type().(*cc.ArrayType); ok {
				b.fail(x, "unsupported: variable-length array %s whose elements are of variable size", x.Name())
			}
			b.fail(x, "unsupported: %s of a type derived from a variable-length array", x.Name())
		case *cc.TypeName:
			if !variablyModified(x.Type()) {
				return true
			}
			if len(stack) > 0 {
				if u, ok := stack[len(stack)-1].(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionSizeofType && !hasTypedefVLA(x.Type()) {
					return true
				}
			}
			b.fail(x, "unsupported: type name of a variable-length array type here (circ computes only sizeof of one)")
		}
		return true
	})
}

// hasTypedefVLA reports whether VLA type t reaches a variable-length
// array through a typedef, whose sizes C evaluated at the typedef.
func hasTypedefVLA(t cc.Type) bool {
	for depth := 0; t != nil && depth < 64; depth++ {
		at, ok := t.(*cc.ArrayType)
		if !ok {
			return false
		}
		if at.Typedef() != nil && at.IsVLA() {
			return true
		}
		t = at.Elem()
	}
	return false
}

// vlaSizeof lowers sizeof(T) for a variable-length array type T: the
// product of its lengths, each evaluated here and converted to size_t
// (sizeT, the type of sizeof), and of its element's size.
func (t *tb) vlaSizeof(n cc.Node, typ, sizeT cc.Type) cfa.Expr {
	at, ok := typ.(*cc.ArrayType)
	if !ok || !at.IsVLA() {
		if typ.Size() <= 0 {
			t.b.fail(n, "unsupported: sizeof of %s", describeC(typ))
		}
		return num(typ.Size())
	}
	e := at.SizeExpression()
	if e == nil {
		t.b.fail(n, "unsupported: sizeof of an array of unspecified length")
	}
	k := t.convert(e, t.intExpr(e), e.Type(), t.b.intType(sizeT))
	v, _ := t.arith(n, cfa.Mul, k, sizeT, t.vlaSizeof(n, at.Elem(), sizeT), sizeT)
	return v
}

// vlaObject is a variable-length array object of a frame: a block laid
// out as alloca's, whose first element's address ptr holds, and its
// size in bytes as evaluated at its declaration, which sizeof gives.
type vlaObject struct {
	ptr, bytes *cfa.Var
}

// plainVLA reports whether d declares a variable-length array object
// whose elements have a constant size, and its type.
func plainVLA(d *cc.Declarator) (*cc.ArrayType, bool) {
	at, ok := d.Type().(*cc.ArrayType)
	ok = ok && at.IsVLA() && at.SizeExpression() != nil && !variablyModified(at.Elem()) && !d.IsTypename() && !d.IsParam()
	return at, ok
}

// vlaDecl lowers the declaration of variable-length array d of type at.
// C evaluates its length there; a length that is not positive is
// undefined behaviour (what UBSan's vla-bound check reports). The array
// is a block of the frame laid out as alloca's (an element summary; a
// declaration that runs more than once makes a new block each time, as
// an alloca in a loop does). circ never releases it: a use after its
// scope ends is undefined behaviour circ does not check, as for any
// local whose address a pointer keeps.
func (t *tb) vlaDecl(d *cc.Declarator, at *cc.ArrayType) {
	p := t.b.pos(d)
	elem := at.Elem()
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(d, "unsupported: variable-length array %s of %s, which gcc packs (cc/v4 lays it out unpacked)", d.Name(), s)
	}
	if _, bad := t.b.cellCount(elem); bad != "" {
		t.b.fail(d, "unsupported: variable-length array %s of %s", d.Name(), bad)
	}
	e := at.SizeExpression()
	n := t.temp(e.Type())
	t.set(n, t.intExpr(e), p)
	t.choose(p,
		arm{cond: mkBin(cfa.Le, ref(n), num(0)), body: func() {
			t.undefined(p, "variable-length array "+d.Name()+" of a length that is not positive")
		}},
		arm{cond: mkBin(cfa.Gt, ref(n), num(0)), body: func() {}},
	)
	sizeT := t.b.ast.SizeT
	length := t.convert(e, ref(n), e.Type(), t.b.intType(sizeT))
	v := &vlaObject{ptr: t.temp(at.Decay()), bytes: t.temp(sizeT)}
	bytes, _ := t.arith(d, cfa.Mul, length, sizeT, num(elem.Size()), sizeT)
	t.set(v.bytes, bytes, p)
	o := t.elementObject(cfa.StackObject, t.fr.name+"::"+d.Name(), nil, elem, t.b.isAtomicObject(d), p)
	t.allocated(o, v.ptr, length, func() { t.indeterminate(o.Cells, "uninitialized variable-length array "+d.Name(), p) }, p)
	t.fr.vlas[d] = v
}

// vlaOf is the variable-length array object that n names, if any.
func (t *tb) vlaOf(n cc.ExpressionNode) *vlaObject {
	pe, ok := strip(n).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent || t.fr == nil {
		return nil
	}
	d, _ := pe.ResolvedTo().(*cc.Declarator)
	return t.fr.vlas[d]
}
