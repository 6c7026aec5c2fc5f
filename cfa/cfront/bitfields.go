package cfront

import (
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// This file gives bit-fields their C semantics. Each named bit-field is
// a cell of its own, whose stores wrap to its width (its variable's
// IntType has the field's bits). C11 makes a maximal run of adjacent
// bit-fields of non-zero width one memory location: the compiler writes
// one by reading and writing the bytes around it. So a write of a
// bit-field writes the others of its run too, each with the value it
// holds (clobberUnions inserts those writes), and races with any access
// of them.

// bitFieldRuns numbers the memory location of each field of st: the
// index of the first bit-field of the run that field i belongs to (a
// field that is no bit-field is a run of its own; a bit-field of zero
// width ends a run).
func bitFieldRuns(st fieldList) []int {
	runs := make([]int, st.NumFields())
	start := -1
	for i := range runs {
		f := st.FieldByIndex(i)
		switch {
		case f == nil || !f.IsBitfield() || f.ValueBits() == 0:
			start = -1
			runs[i] = i
		case start < 0:
			start = i
			fallthrough
		default:
			runs[i] = start
		}
	}
	return runs
}

// bitWidth is the integer type of bit-field f's values: its width, with
// its declared type's signedness.
func bitWidth(v *cfa.Var, f *cc.Field) cfa.IntType {
	return cfa.IntType{Bits: uint8(f.ValueBits()), Signed: v.Int.Signed}
}

// narrowBitField records that cell variable v holds bit-field f (nil:
// none), so that stores wrap to its width (wrapBitField), and wraps its
// initial value. v keeps its declared type's IntType: the engines'
// conversions exist for the standard widths only.
func (b *builder) narrowBitField(v *cfa.Var, f *cc.Field) {
	if f == nil || v == nil || v.Bool || !v.Int.Valid() {
		return
	}
	b.bitFields[v] = f
	v.Init, _ = bitWidth(v, f).Wrap(v.Init)
}

// wrapBitField converts e, a value of v's declared type, to the width of
// the bit-field v holds, as a store into it does (e unchanged if v holds
// none).
func (b *builder) wrapBitField(v *cfa.Var, e cfa.Expr) cfa.Expr {
	f := b.bitFields[v]
	if f == nil || v.Bool || f.ValueBits() >= int64(v.Int.Bits) {
		return e // as wide as its type: the conversion wrapped it
	}
	w := bitWidth(v, f)
	if k, ok := e.(cfa.Const); ok {
		r, _ := w.Wrap(k.Val)
		return num(r)
	}
	m := num(int64(1) << w.Bits)
	if !w.Signed {
		return mkBin(cfa.Mod, e, m) // e, of an unsigned type, is not negative
	}
	// C's % truncates: e % m + m, again % m, is in [0, m).
	r := mkBin(cfa.Mod, mkBin(cfa.Add, mkBin(cfa.Mod, e, m), m), m)
	half := int64(1) << (w.Bits - 1)
	return cfa.Cond{C: mkBin(cfa.Ge, r, num(half)), T: mkBin(cfa.Sub, r, m), F: r}
}

// sameField reports whether a and b are one field (cc copies them).
func sameField(a, b *cc.Field) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Name() == b.Name() && a.Offset() == b.Offset() && a.OffsetBits() == b.OffsetBits() && a.ValueBits() == b.ValueBits()
}

// noteBitFieldRun records that a write of cell i of specs (made into
// vars) writes the other bit-fields of its memory location.
func (b *builder) noteBitFieldRun(specs []cellSpec, vars []*cfa.Var, i int) {
	a := specs[i]
	if a.bitRun == "" || vars[i] == nil {
		return
	}
	for j, c := range specs {
		if j != i && c.bitRun == a.bitRun && vars[j] != nil {
			b.overlapping[vars[i]] = append(b.overlapping[vars[i]], overlap{v: vars[j], typ: c.typ, same: true})
		}
	}
}

// scalarElem reports whether pointer arithmetic on a pointer to elem
// steps by one scalar (checkCellArithmetic): a struct, union or array
// steps by whole objects of one layout.
func scalarElem(b *builder, elem cc.Type) bool {
	return elem != nil && !b.isStruct(elem) && !isArray(elem)
}

// checkCellArithmetic rejects arithmetic on a pointer (to anything but
// bytes: checkByteArithmetic) that may point into an object whose cells
// are not laid out as its bytes, outside an array. Cells of union
// members, and adjacent bit-fields, share bytes that circ gives each
// its own cell, so counting cells from one of them would land on the
// wrong one ((int *)&s + 2 past a union of two ints); inside an array
// the elements' cells follow each other as their bytes do.
func (b *builder) checkCellArithmetic(r *pointsto.Result) {
	irregular := map[*cfa.Object]bool{}
	for _, o := range b.prog.Memory.Objects {
		for _, v := range o.Cells {
			if len(b.overlapping[v]) > 0 || b.bitFields[v] != nil {
				irregular[o] = true
				break
			}
		}
	}
	if len(irregular) == 0 {
		return
	}
	inArray := func(o *cfa.Object, i int) bool {
		return i < len(o.Paths) && strings.HasSuffix(o.Paths[i], "]") || i > 0 && i-1 < len(o.Paths) && strings.HasSuffix(o.Paths[i-1], "]")
	}
	for _, cp := range b.cellPtrs {
		vals := r.Eval(cp.e)
		for _, a := range vals.All() {
			o, i := b.prog.Memory.Find(a)
			if o != nil && irregular[o] && !inArray(o, i) {
				b.fail(cp.n, "unsupported: arithmetic on a pointer to %s into %s, whose union members or bit-fields share bytes that circ gives cells of their own", describeC(cp.elem), o.Name)
			}
		}
	}
}
