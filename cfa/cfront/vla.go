package cfront

// Variably modified types: a variable-length array type, or one derived
// from it (a pointer to one). C evaluates their size expressions where a
// declaration or type name naming them is reached, which reads the
// variables they mention. circ computes sizeof of such a type name
// (evaluating its sizes there, as C does) and rejects every other
// place one appears: objects of variable size, and the declarations
// and casts whose hidden reads circ would otherwise miss.

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
			if _, ok := x.Type().(*cc.ArrayType); ok {
				b.fail(x, "unsupported: variable-length array %s", x.Name())
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
