package cfront

import (
	"fmt"
	"regexp"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// This file picks the data model a host program is read in. circ reads
// C as gcc on x86-64 does (LP64: 64-bit long and pointers), or, for a
// program written for a 32-bit machine, as gcc -m32 does (ILP32: 32-bit
// long and pointers). The classic benchmarks of race detection are CIL
// merges of 32-bit builds: they store pointers in ints and compare them
// as unsigned ints, which on 64 bits would drop half of each address.
// Such a file declares size_t itself, as unsigned int, which is how
// circ recognizes it; Options.DataModel (--data-model, an SV-COMP
// task's data_model) says it outright.
//
// In ILP32 a conversion of an address to a 32-bit integer keeps it
// whole, as one to a 64-bit integer does in LP64 (convert). circ's
// addresses are its own numbering of cells, some above 2^32, so an
// integer variable that may hold one takes no range from its type
// (addressInts): what the program may do with such an integer is
// compare it, as it would the pointer; arithmetic on it is rejected as
// in LP64 (checkIntegerArithmetic).

// sizeTypedefILP32 matches a file's own declaration of size_t as a
// 32-bit unsigned int.
var sizeTypedefILP32 = regexp.MustCompile(`(?m)^\s*typedef\s+unsigned\s+int\s+size_t\s*;`)

// readsILP32 reports whether src is read as ILP32: as opts says, or,
// when it says nothing, when src declares size_t unsigned int. A
// microcontroller's target has its own widths (target.go), which no
// data model of the host's describes: asking for one is an error.
func readsILP32(src []byte, opts Options, target string) (bool, error) {
	switch {
	case target != "" && opts.DataModel != "":
		return false, fmt.Errorf("data model %s does not apply: the file is compiled for the %s, whose int and pointers are 16 bits wide", opts.DataModel, target)
	case target != "":
		return false, nil
	case opts.DataModel != "":
		return opts.DataModel == "ILP32", nil
	}
	return sizeTypedefILP32.Match(src), nil
}

// PointerBits is the width of a pointer in the data model ast was read
// in (ParseAST).
func PointerBits(ast *cc.AST) int { return pointerBits(ast) }

// pointerBits is the width of a pointer in ast's data model.
func pointerBits(ast *cc.AST) int {
	if t, ok := ast.ABI.Types[cc.Ptr]; ok {
		return 8 * int(t.Size)
	}
	return 64
}

// keepAddressesWhole removes, where pointers are narrower than 64 bits,
// the conversions to integers as wide as a pointer of values that are
// addresses or null: gcc's conversion keeps the address, and circ's
// address, which may exceed the integer's range, stays what it was. A
// value that may be an address or another number is rejected: circ
// cannot say which the conversion meets. It then takes the range of
// its type from every integer variable that may hold an address
// (addressInts).
func (b *builder) keepAddressesWhole(r *pointsto.Result) {
	ptr := pointerBits(b.ast)
	if ptr >= 64 {
		return
	}
	var keep func(e *cfa.Edge, x cfa.Expr) cfa.Expr
	keep = func(e *cfa.Edge, x cfa.Expr) cfa.Expr {
		switch x := x.(type) {
		case cfa.Unary:
			inner := keep(e, x.X)
			to, conv := x.Op.IntType()
			if !conv || int(to.Bits) < ptr {
				return cfa.Unary{Op: x.Op, X: inner}
			}
			v := r.Eval(inner)
			if v.Empty() {
				return cfa.Unary{Op: x.Op, X: inner}
			}
			if v.Int || v.Top {
				b.failAt(e.Pos, "unsupported: conversion to %s of a value that may be an address or another number (%s)", to, inner)
			}
			return inner
		case cfa.Binary:
			return cfa.Binary{Op: x.Op, X: keep(e, x.X), Y: keep(e, x.Y)}
		case cfa.Cond:
			return cfa.Cond{C: keep(e, x.C), T: keep(e, x.T), F: keep(e, x.F)}
		}
		return x
	}
	b.eachEdgeExpr(r, func(e *cfa.Edge, x *cfa.Expr) { *x = keep(e, *x) })
	// prune rebuilds the error arm's guard of a dereference from its
	// address.
	for _, s := range b.derefs {
		if s.err != nil && s.addr != nil {
			s.addr = keep(s.err, s.addr)
		}
	}
	b.addressInts(r)
}

// addressInts clears the integer type of every variable narrower than
// 64 bits that may hold an address: its values are circ's addresses,
// not numbers its type bounds (the ranges stage would otherwise take
// its range for one).
func (b *builder) addressInts(r *pointsto.Result) {
	clear := func(vs []*cfa.Var) {
		for _, v := range vs {
			if v.Int.Valid() && v.Int.Bits < 64 && !r.Values(v).Empty() {
				v.Int = cfa.IntType{}
			}
		}
	}
	clear(b.prog.Globals)
	for _, c := range b.prog.Templates {
		clear(c.Locals)
	}
}
