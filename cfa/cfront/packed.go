package cfront

// Layout attributes cc/v4 reads without applying them. gcc packs a
// struct or union declared __attribute__((packed)) (or with a packed
// member): no padding, so sizeof and offsetof may differ from cc's.
// circ's cells do not depend on bytes, so such a struct is laid out
// fine; only a number computed from its layout (sizeof, _Alignof,
// offsetof, and the byte counts of allocations and of the mem*
// functions) would be cc's guess. circ computes gcc's layout
// (gccLayout): where packing moves no byte (no padding to remove) those
// numbers are cc's and stand; elsewhere they are rejected. A packed
// enum (one byte, not four) and __attribute__((mode)) (an integer of
// another width) change values, so they are rejected wherever they
// appear.

import (
	"modernc.org/cc/v4"
)

// layoutAttribute handles attribute av, named name, whose ancestors are
// stack: mode is rejected, packed marks the struct or union it applies
// to, or is rejected on an enum and anywhere else.
func (b *builder) layoutAttribute(av *cc.AttributeValue, name string, stack []any) {
	switch name {
	case "mode":
		b.modeAttribute(av, stack)
		return
	case "packed":
	default:
		return
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch s := stack[i].(type) {
		case *cc.StructOrUnionSpecifier:
			b.markPacked(s.Type(), av)
			return
		case *cc.EnumSpecifier:
			b.fail(av, "unsupported: packed enum: gcc makes it as narrow as its values, circ reads it as an int")
		case *cc.Declaration:
			// struct S { ... } __attribute__((packed)); the attribute
			// follows the specifier it packs.
			for ds := s.DeclarationSpecifiers; ds != nil; ds = ds.DeclarationSpecifiers {
				if ts := ds.TypeSpecifier; ts != nil {
					switch {
					case ts.StructOrUnionSpecifier != nil:
						b.markPacked(ts.StructOrUnionSpecifier.Type(), av)
						return
					case ts.EnumSpecifier != nil:
						b.fail(av, "unsupported: packed enum: gcc makes it as narrow as its values, circ reads it as an int")
					}
				}
			}
			b.fail(av, "unsupported: __attribute__((packed)) outside a struct or union")
		}
	}
	b.fail(av, "unsupported: __attribute__((packed)) outside a struct or union")
}

// markPacked records that gcc packs aggregate type t.
func (b *builder) markPacked(t cc.Type, n cc.Node) {
	if isAggregate(t) && t.Align() <= 1 {
		// No member needs alignment (nesC's nx_ types are structs
		// of byte arrays), or none at all: packing moves nothing.
		return
	}
	if k := aggregateKey(t); k != nil {
		b.packed[k] = true
		return
	}
	b.fail(n, "unsupported: __attribute__((packed)) on %s", describeC(t))
}

// aggregate is what cc's struct and union types share.
type aggregate interface {
	NumFields() int
	FieldByIndex(int) *cc.Field
}

// aggregateKey identifies the definition of struct or union type t
// across the copies cc makes of it (through typedefs): its first
// member's declarator; nil for other types and empty aggregates.
func aggregateKey(t cc.Type) *cc.Declarator {
	if x, ok := t.(aggregate); ok && isAggregate(t) && x.NumFields() > 0 {
		return x.FieldByIndex(0).Declarator()
	}
	return nil
}

func isAggregate(t cc.Type) bool { return t.Kind() == cc.Struct || t.Kind() == cc.Union }

// packedWithin names a struct or union gcc packs inside type t (t
// itself, a member's, an element's), "" if none.
func (b *builder) packedWithin(t cc.Type) string {
	for depth := 0; t != nil && len(b.packed) > 0 && depth < 32; depth++ {
		if at, ok := t.(*cc.ArrayType); ok {
			t = at.Elem()
			continue
		}
		x, ok := t.(aggregate)
		if !ok || !isAggregate(t) {
			return ""
		}
		if b.packed[aggregateKey(t)] {
			return describeC(t)
		}
		for i := 0; i < x.NumFields(); i++ {
			if s := b.packedWithin(x.FieldByIndex(i).Type()); s != "" {
				return s
			}
		}
		return ""
	}
	return ""
}

// packedIn names a struct or union gcc packs inside type t whose
// packing moves a byte of t: a size or an offset of t that cc/v4
// computes is then not gcc's, so circ cannot use it. "" if none: a
// packed struct without padding to remove (a union of a word and its
// bytes, a word after a word) only aligns less.
func (b *builder) packedIn(t cc.Type) string {
	s := b.packedWithin(t)
	if s == "" {
		return ""
	}
	if l := b.gccLayout(t, 0); l.ok && l.same {
		return ""
	}
	return s
}

// layout is gcc's layout of a type: its size and alignment in bytes;
// same when its size and every offset within it are cc/v4's (its
// alignment may still be less); ok false where circ does not compute
// it (bit-fields beside packing).
type layout struct {
	size, align int64
	same, ok    bool
}

// gccLayout computes gcc's layout of t from cc/v4's for the parts that
// hold nothing packed: a packed struct or union aligns each member at 1
// and itself at 1; another aligns each member at the member's own
// alignment, which packing inside it may have lowered.
func (b *builder) gccLayout(t cc.Type, depth int) layout {
	if depth > 32 {
		return layout{}
	}
	if b.packedWithin(t) == "" {
		return layout{size: t.Size(), align: int64(t.Align()), same: true, ok: true}
	}
	if at, ok := t.(*cc.ArrayType); ok {
		el := b.gccLayout(at.Elem(), depth+1)
		n := max(at.Len(), 0)
		el.size *= n
		el.same = el.same && el.size == t.Size()
		return el
	}
	x := t.(aggregate)
	packed := b.packed[aggregateKey(t)]
	l := layout{align: 1, same: true, ok: true}
	// end is in bits: a packed struct's bit-fields follow one another
	// bit by bit, each other member starts at the next byte.
	var end int64
	for i := 0; i < x.NumFields(); i++ {
		f := x.FieldByIndex(i)
		if f.IsBitfield() {
			// Outside a packed struct gcc's units of bit-fields are
			// cc's; packing them changes their alignment, which circ
			// does not follow. A width of 0 ends a unit.
			if !packed || t.Kind() != cc.Struct || f.ValueBits() == 0 {
				return layout{}
			}
			l.same = l.same && f.Offset()*8+int64(f.OffsetBits()) == end
			end += f.ValueBits()
			continue
		}
		fl := b.gccLayout(f.Type(), depth+1)
		if !fl.ok {
			return layout{}
		}
		if packed {
			fl.align = 1
		}
		off := int64(0)
		if t.Kind() == cc.Struct {
			off = alignUp(alignUp(end, 8)/8, fl.align)
		}
		l.same = l.same && fl.same && off == f.Offset()
		end = max(end, (off+fl.size)*8)
		l.align = max(l.align, fl.align)
	}
	l.size = alignUp(alignUp(end, 8)/8, l.align)
	l.same = l.same && l.size == t.Size()
	return l
}

func alignUp(n, a int64) int64 { return (n + a - 1) / a * a }

// checkPackedLayouts rejects every number the program computes from
// the layout of a struct gcc packs: sizeof and _Alignof of a type that
// holds one, and offsetof (&((T *)0)->m, as cc/v4 defines it) of one.
func (b *builder) checkPackedLayouts() {
	if len(b.packed) == 0 {
		return
	}
	inspect(b.ast.TranslationUnit, func(n any) bool {
		var t cc.Type
		switch x := n.(type) {
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionSizeofExpr:
				t = x.UnaryExpression.Type()
			case cc.UnaryExpressionSizeofType:
				t = x.TypeName.Type()
			case cc.UnaryExpressionAlignofExpr:
				b.checkPackedAlignof(x, x.UnaryExpression.Type())
			case cc.UnaryExpressionAlignofType:
				b.checkPackedAlignof(x, x.TypeName.Type())
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPSelect {
				if _, ok := intValue(strip(x.PostfixExpression).Value()); ok {
					t = pointee(x.PostfixExpression.Type())
				}
			}
		}
		if s := b.packedIn(t); s != "" {
			b.fail(n.(cc.Node), "unsupported: the layout of %s, which gcc packs (cc/v4 lays it out unpacked)", s)
		}
		return true
	})
}

// checkPackedAlignof rejects _Alignof(t) where packing gives t another
// alignment than cc/v4's.
func (b *builder) checkPackedAlignof(n cc.Node, t cc.Type) {
	if s := b.packedWithin(t); s != "" {
		if l := b.gccLayout(t, 0); !l.ok || l.align != int64(t.Align()) {
			b.fail(n, "unsupported: the alignment of %s, which gcc packs (cc/v4 aligns it unpacked)", s)
		}
	}
}

// modeAttribute handles __attribute__((mode)), whose ancestors are
// stack: on a typedef (as glibc declares register_t) it is recorded, and
// checkModeUses rejects the uses of that typedef; on anything else it is
// rejected.
func (b *builder) modeAttribute(av *cc.AttributeValue, stack []any) {
	for i := len(stack) - 1; i >= 0; i-- {
		var ds []*cc.Declarator
		switch s := stack[i].(type) {
		case *cc.StructDeclaration, *cc.ParameterDeclaration:
			// A member or parameter: its type is used right there.
			b.fail(av, "unsupported: __attribute__((mode)): cc/v4 reads the type at its declared width")
		case *cc.InitDeclarator:
			ds = append(ds, s.Declarator)
		case *cc.Declaration:
			for l := s.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				ds = append(ds, l.InitDeclarator.Declarator)
			}
		default:
			continue
		}
		typedefs := len(ds) > 0
		for _, d := range ds {
			typedefs = typedefs && d != nil && d.IsTypename()
		}
		if typedefs {
			for _, d := range ds {
				b.modeTypedefs[d] = true
			}
			return
		}
		break
	}
	b.fail(av, "unsupported: __attribute__((mode)): cc/v4 reads the type at its declared width")
}

// checkModeUses rejects every declaration and type name whose type is,
// or points to or holds, a typedef declared with __attribute__((mode)).
func (b *builder) checkModeUses() {
	if len(b.modeTypedefs) == 0 {
		return
	}
	uses := func(t cc.Type) bool {
		return anyLayer(t, func(t cc.Type) bool {
			for td := t.Typedef(); td != nil; td = b.typedefBase()[td] {
				if b.modeTypedefs[td] {
					return true
				}
			}
			return false
		})
	}
	inspect(b.ast.TranslationUnit, func(n any) bool {
		var t cc.Type
		switch x := n.(type) {
		case *cc.Declarator:
			if b.modeTypedefs[x] {
				return true
			}
			t = x.Type()
		case *cc.TypeName:
			t = x.Type()
		default:
			return true
		}
		if uses(t) {
			b.fail(n.(cc.Node), "unsupported: a type declared with __attribute__((mode)): cc/v4 reads it at its declared width")
		}
		return true
	})
}
