package cfront

// glibc's ctype tables. The ctype macros of a preprocessed file (CIL's
// output keeps them expanded) index a table the C library hands out:
// __ctype_b_loc() returns a pointer to a pointer to entry 128 of a table
// of 384 entries, so that any char, signed (from -128) or unsigned (to
// 255), indexes it. circ gives each table as an element summary of the
// library's whose entries hold any values (the locale's classes), and
// the pointer to it as a cell of the library's holding entry 128's
// address, so that a lookup is an access in bounds, never a step past
// memory of the library.

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// ctypeTables are the functions that hand out a ctype table, each
// naming its table.
var ctypeTables = map[string]string{
	"__ctype_b_loc":       "ctype_b",
	"__ctype_toupper_loc": "ctype_toupper",
	"__ctype_tolower_loc": "ctype_tolower",
}

// ctypeLen is the number of entries of a ctype table, and ctypeOrigin
// the entry its pointer points to (that of char 0).
const (
	ctypeLen    = 384
	ctypeOrigin = 128
)

// ctypeLoc lowers a call of one of ctypeTables: the address of the
// library's pointer to the table.
func (t *tb) ctypeLoc(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, name, as, 0)
	ptrTyp := pointee(x.Type())
	if !isPtr(ptrTyp) || !isInt(pointee(ptrTyp)) {
		t.b.fail(x, "unsupported: %s declared to return %s", name, describe(x.Type()))
	}
	return unless(want, num(t.b.ctypePointer(ctypeTables[name], ptrTyp, p).Base))
}

// ctypePointer is the library's pointer, of type ptrTyp, to ctype table
// table, creating both on first use.
func (b *builder) ctypePointer(table string, ptrTyp cc.Type, pos cfa.Pos) *cfa.Object {
	name := "extern(" + table + "_loc)"
	if o := b.ctypeObjects[name]; o != nil {
		return o
	}
	tname := "extern(" + table + ")"
	tab := b.elementSummary(&cfa.Object{Name: tname, Kind: cfa.ExternObject, Pos: pos}, pointee(ptrTyp), false, func(cs cellSpec) *local {
		return b.dynamicCell(tname, cs, pos, externKey{})
	})
	tab.Len.Init = ctypeLen
	o := b.newObjectCells(cfa.ExternObject, name, []cellSpec{{typ: ptrTyp}}, pos, nil, func(cs cellSpec) *local {
		l := b.dynamicCell(name, cs, pos, externKey{})
		l.v.Init = tab.Base + ctypeOrigin*tab.Stride
		return l
	})
	b.ctypeObjects[name] = o
	return o
}
