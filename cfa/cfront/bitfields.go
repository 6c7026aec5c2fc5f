package cfront

import (
	"circ/cfa"

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

// narrowBitField gives the cell variable v of bit-field f (nil: none)
// f's width, so that a store wraps as C's does.
func narrowBitField(v *cfa.Var, f *cc.Field) {
	if f == nil || v == nil || v.Bool || !v.Int.Valid() {
		return
	}
	v.Int.Bits = uint8(f.ValueBits())
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
