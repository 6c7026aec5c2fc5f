package cfront

import (
	"fmt"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// GCC's integer bit builtins (__builtin_popcount and the like), lowered
// exactly: as chains of tests of single bits and sums of their values,
// which every engine computes. bitBuiltins is the table; a name not in
// it goes on to the C library's (libc.go).

// bitOp is what a bit builtin computes of its argument.
type bitOp byte

const (
	bitPopcount bitOp = iota // the number of set bits
	bitParity                // the number of set bits, modulo 2
	bitCtz                   // the number of zero bits below the lowest set one; undefined for 0
	bitClz                   // the number of zero bits above the highest set one; undefined for 0
	bitBswap                 // the bytes in reverse order
)

// bitBuiltin is a row of bitBuiltins: the operation and the width in
// bits of the argument's type (unsigned int, unsigned long, ...).
type bitBuiltin struct {
	op   bitOp
	bits int64
}

// bitBuiltins are the bit builtins by name without "__builtin_".
// __builtin_bswap64 is left out: its values reach 2^64, past the
// interpreter's int64 integers.
var bitBuiltins = map[string]bitBuiltin{
	"popcount": {bitPopcount, 32}, "popcountl": {bitPopcount, 64}, "popcountll": {bitPopcount, 64},
	"parity": {bitParity, 32}, "parityl": {bitParity, 64}, "parityll": {bitParity, 64},
	"ctz": {bitCtz, 32}, "ctzl": {bitCtz, 64}, "ctzll": {bitCtz, 64},
	"clz": {bitClz, 32}, "clzl": {bitClz, 64}, "clzll": {bitClz, 64},
	"bswap16": {bitBswap, 16}, "bswap32": {bitBswap, 32},
}

// bitBuiltin lowers call x of __builtin_<name>, row bb: its argument,
// converted to the parameter's width, and the result. ctz and clz of 0
// are undefined behaviour.
func (t *tb) bitBuiltin(name string, bb bitBuiltin, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.nargs(x, "__builtin_"+name, as, 1)
	if !isInt(as[0].Type()) {
		t.b.fail(as[0], "unsupported: __builtin_%s of a %s", name, describeC(as[0].Type()))
	}
	v := t.intExpr(as[0])
	if as[0].Type().Size()*8 > bb.bits {
		// Converted to the narrower unsigned parameter: the low bits.
		v = mkBin(cfa.BitAnd, v, num(int64(1)<<uint(bb.bits)-1))
	}
	if _, isRef := v.(cfa.Ref); !isRef || readsGlobal(v) {
		// The value is tested and used apart: read it once.
		tmp := t.temp(nil)
		t.set(tmp, v, p)
		v = ref(tmp)
	}
	if bb.op == bitCtz || bb.op == bitClz {
		t.choose(p,
			arm{cond: mkBin(cfa.Eq, v, num(0)), body: func() { t.undefined(p, fmt.Sprintf("__builtin_%s of 0", name)) }},
			arm{cond: mkBin(cfa.Ne, v, num(0)), body: func() {}})
	}
	bit := func(i int64) cfa.Expr {
		return mkBin(cfa.Ne, mkBin(cfa.BitAnd, v, num(int64(uint64(1)<<uint(i)))), num(0))
	}
	var e cfa.Expr = num(0)
	switch bb.op {
	case bitPopcount, bitParity:
		for i := int64(0); i < bb.bits; i++ {
			e = mkBin(cfa.Add, e, cfa.Cond{C: bit(i), T: num(1), F: num(0)})
		}
		if bb.op == bitParity {
			e = mkBin(cfa.Mod, e, num(2))
		}
	case bitCtz:
		e = mkBin(cfa.Sub, firstSetBit(v, bb.bits), num(1))
	case bitClz:
		// The highest set bit decides: test it first.
		for i := int64(0); i < bb.bits; i++ {
			e = cfa.Cond{C: bit(i), T: num(bb.bits - 1 - i), F: e}
		}
	case bitBswap:
		for i := int64(0); i < bb.bits/8; i++ {
			b := mkBin(cfa.BitAnd, mkBin(cfa.Shr, v, num(8*i)), num(0xff))
			e = mkBin(cfa.Add, e, mkBin(cfa.Mul, b, num(int64(1)<<uint(bb.bits-8-8*i))))
		}
	}
	return unless(want, e)
}
