package cfront

import (
	"strconv"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers inline assembly statements. circ executes no
// machine code: it trusts GCC's contract for an asm statement, which
// reads its input operands, writes its output operands and touches no
// other memory unless it clobbers "memory". An instruction whose effect
// circ knows is lowered as that effect (asmEffects); any other leaves
// its outputs holding any value, an approximation the report lists.
// One that may touch any memory is rejected: circ cannot say what.

// asmEffects are the instruction sequences circ knows, by their text
// with blanks removed: what they do besides their operands. Barriers
// and fences do nothing in circ's sequentially consistent model; a
// timestamp read's outputs hold any value, as they would anyway.
var asmEffects = map[string]string{
	"":       "a compiler barrier: nothing under sequential consistency",
	"nop":    "no operation",
	"pause":  "a spin-wait hint: no operation",
	"mfence": "a memory fence: nothing under sequential consistency",
	"lfence": "a memory fence: nothing under sequential consistency",
	"sfence": "a memory fence: nothing under sequential consistency",
}

// asmBitOps are x86's bit instructions on a memory operand, as glibc's
// FD_SET, FD_CLR and FD_ISSET use them: they touch no memory but their
// operands, though the statements clobber "memory". Their memory
// operand is read, and written where it is an output; the values they
// compute circ does not (an approximation the report lists).
var asmBitOps = map[string]string{
	"btsl%1,%0":         "sets a bit of its memory operand",
	"btrl%1,%0":         "clears a bit of its memory operand",
	"btl%1,%2;setcb%b0": "tests a bit of its memory operand",
}

// asmParts is an asm statement taken apart.
type asmParts struct {
	text            string              // its instructions, unquoted
	outputs, inputs []cc.ExpressionNode // the operands' expressions
	outCons, inCons []string            // their constraints
	clobbers        []string            // the clobber list
	gotos           bool                // asm goto
}

// asmOperands splits an operand list: cc reads `"=r" (x)` as a call of
// the constraint string.
func asmOperands(l *cc.AsmExpressionList) (exprs []cc.ExpressionNode, cons []string, ok bool) {
	for ; l != nil; l = l.AsmExpressionList {
		x, isCall := l.AssignmentExpression.(*cc.PostfixExpression)
		if !isCall || x.Case != cc.PostfixExpressionCall {
			return nil, nil, false
		}
		c, isStr := x.PostfixExpression.(*cc.PrimaryExpression)
		as := args(x.ArgumentExpressionList)
		if !isStr || c.Case != cc.PrimaryExpressionString || len(as) != 1 {
			return nil, nil, false
		}
		s, err := strconv.Unquote(c.Token.SrcStr())
		if err != nil {
			return nil, nil, false
		}
		exprs = append(exprs, as[0])
		cons = append(cons, s)
	}
	return exprs, cons, true
}

// splitAsm takes asm statement a apart; ok is false for a form circ
// does not read.
func splitAsm(a *cc.Asm) (parts asmParts, ok bool) {
	text, err := strconv.Unquote(a.Token3.SrcStr())
	if err != nil {
		return parts, false
	}
	parts.text = text
	for q := a.AsmQualifierList; q != nil; q = q.AsmQualifierList {
		if q.AsmQualifier != nil && q.AsmQualifier.Case == cc.AsmQualifierGoto {
			parts.gotos = true
		}
	}
	i := 0
	for l := a.AsmArgList; l != nil; l, i = l.AsmArgList, i+1 {
		switch i {
		case 0:
			if parts.outputs, parts.outCons, ok = asmOperands(l.AsmExpressionList); !ok {
				return parts, false
			}
		case 1:
			if parts.inputs, parts.inCons, ok = asmOperands(l.AsmExpressionList); !ok {
				return parts, false
			}
		case 2:
			for e := l.AsmExpressionList; e != nil; e = e.AsmExpressionList {
				c, isStr := e.AssignmentExpression.(*cc.PrimaryExpression)
				if !isStr || c.Case != cc.PrimaryExpressionString {
					return parts, false
				}
				s, _ := strconv.Unquote(c.Token.SrcStr())
				parts.clobbers = append(parts.clobbers, s)
			}
		default:
			parts.gotos = true
		}
	}
	return parts, true
}

// asmStatement lowers asm statement a at n.
func (t *tb) asmStatement(a *cc.Asm, n cc.Node) {
	p := t.b.pos(n)
	parts, ok := splitAsm(a)
	switch {
	case !ok:
		t.b.fail(n, "unsupported: inline assembly circ cannot read")
	case parts.gotos:
		t.b.fail(n, "unsupported: asm goto")
	}
	key := strings.Join(strings.Fields(parts.text), "")
	if t.mcuAsmStatement(key, parts, n, p) {
		return
	}
	if width, ok := stringStores[strings.TrimPrefix(key, "cld;")]; ok {
		t.stringStore(parts, width, n, p)
		return
	}
	effect, known := asmEffects[key]
	bitOp, isBitOp := asmBitOps[key]
	if !known && !isBitOp {
		for _, c := range parts.clobbers {
			if c == "memory" {
				t.b.fail(n, "unsupported: inline assembly %q, which may read and write any memory (it clobbers \"memory\")", parts.text)
			}
		}
	}
	// Inputs (a memory operand's object too) are read, and so are
	// read-write outputs, before the instructions run.
	for _, in := range parts.inputs {
		t.discardRead(in, p)
	}
	for i, out := range parts.outputs {
		if strings.HasPrefix(parts.outCons[i], "+") || isBitOp && strings.Contains(parts.outCons[i], "m") {
			t.discardRead(out, p)
		}
	}
	switch {
	case known && len(parts.outputs) == 0:
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: "asm " + strconv.Quote(parts.text) + ": " + effect})
		return
	case len(parts.outputs) == 0:
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: "inline assembly " + strconv.Quote(parts.text) + ": circ assumes it does nothing the program sees, as its operands say"})
		return
	}
	note := "inline assembly " + strconv.Quote(parts.text) + ": its outputs hold any value"
	if isBitOp {
		note = "inline assembly " + strconv.Quote(parts.text) + " " + bitOp + ": its outputs hold any value"
	}
	for i, out := range parts.outputs {
		if !strings.HasPrefix(parts.outCons[i], "=") && !strings.HasPrefix(parts.outCons[i], "+") {
			t.b.fail(out, "unsupported: asm output constraint %q", parts.outCons[i])
		}
		if !isInt(out.Type()) && !isPtr(out.Type()) {
			t.b.fail(out, "unsupported: asm output of type %s", describeC(out.Type()))
		}
		lo, hi := t.b.rangeOf(out.Type())
		// An integer output of instructions that read only the
		// processor's state (rdtsc, cpuid) is a number: they see no
		// address of the program's objects to return. Any other may
		// name one (lea x(%rip)) or get one through an operand.
		numbers := isInt(out.Type()) && len(parts.inputs) == 0 && readsOnlyProcessor(parts)
		t.update(t.lvalue(out), false, func(v *cfa.Var) cfa.Expr {
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: !known, Numbers: numbers, Note: note})
			return nil
		})
	}
}

// stringStores are x86's repeated string stores, by their text with
// blanks and a leading cld removed, with the width in bytes each store
// writes: glibc's FD_ZERO on x86 clears an fd_set with one.
var stringStores = map[string]int64{"rep;stosb": 1, "rep;stosw": 2, "rep;stosl": 4, "rep;stosq": 8}

// stringStore lowers `rep stos` of the given width: the value in the
// accumulator ("a") stored into ECX's count of objects from EDI's
// address on, as a memset of that many objects of EDI's pointee type,
// which must be width bytes wide; ECX ends 0 and EDI past the last.
// The operands are found by their registers, an input tied to an
// output ("0") by the output's.
func (t *tb) stringStore(parts asmParts, width int64, n cc.Node, p cfa.Pos) {
	reg := func(c string) string { return strings.TrimLeft(c, "=+&") }
	var val, count, dst cc.ExpressionNode
	var countOut, dstOut cc.ExpressionNode
	for i, out := range parts.outputs {
		switch reg(parts.outCons[i]) {
		case "c":
			countOut = out
		case "D":
			dstOut = out
		default:
			t.b.fail(out, "unsupported: inline assembly %s with an output outside c and D", strconv.Quote(parts.text))
		}
	}
	for i, in := range parts.inputs {
		r := reg(parts.inCons[i])
		if k, err := strconv.Atoi(r); err == nil && k < len(parts.outputs) {
			r = reg(parts.outCons[k])
		}
		switch r {
		case "a":
			val = in
		case "c":
			count = in
		case "D":
			dst = in
		}
	}
	text := strconv.Quote(parts.text)
	if val == nil || count == nil || dst == nil {
		t.b.fail(n, "unsupported: inline assembly %s without its value, count and destination in a, c and D", text)
	}
	elem := pointee(dst.Type())
	k, countKnown := t.constant(count)
	switch {
	case elem == nil || !isInt(elem) || elem.Size() != width:
		t.b.fail(n, "unsupported: inline assembly %s storing %d bytes at a time through %s", text, width, describeC(dst.Type()))
	case !countKnown || k < 0 || k > maxMemCells:
		t.b.fail(n, "unsupported: inline assembly %s with a count that is not a small constant", text)
	}
	v := t.snapshot(t.convert(val, t.intExpr(val), val.Type(), t.b.intType(elem)), elem, p)
	to := t.stableValue(dst, p)
	step := t.cellStride(elem, n)
	for j := int64(0); j < k; j++ {
		t.update(t.atAddr(mkBin(cfa.Add, to, num(j*step)), elem, dst), false, func(c *cfa.Var) cfa.Expr { return t.store(c, v, false, p) })
	}
	if countOut != nil {
		t.update(t.lvalue(countOut), false, func(c *cfa.Var) cfa.Expr { return t.store(c, num(0), false, p) })
	}
	if dstOut != nil {
		// EDI ends past the last store: an address, which an output
		// narrower than a pointer (glibc's int __d1) cannot hold.
		t.update(t.lvalue(dstOut), false, func(c *cfa.Var) cfa.Expr {
			if isPtr(dstOut.Type()) || 8*int(dstOut.Type().Size()) >= pointerBits(t.b.ast) {
				return t.store(c, mkBin(cfa.Add, to, num(k*step)), false, p)
			}
			lo, hi := t.b.rangeOf(dstOut.Type())
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: c, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: "inline assembly " + text + ": an address in a narrower integer"})
			return nil
		})
	}
}

// processorReads are the x86 instructions whose results come from the
// processor's own state, never from memory or the program's addresses.
var processorReads = map[string]bool{
	"rdtsc": true, "rdtscp": true, "rdrand": true, "rdseed": true, "rdpid": true,
	"rdpmc": true, "cpuid": true, "xgetbv": true, "lfence": true, "mfence": true, "nop": true,
}

// readsOnlyProcessor reports whether every instruction of parts is a
// processorRead and no output is also an input ("+").
func readsOnlyProcessor(parts asmParts) bool {
	for _, c := range parts.outCons {
		if strings.Contains(c, "+") {
			return false
		}
	}
	insns := strings.FieldsFunc(parts.text, func(r rune) bool { return r == ';' || r == '\n' })
	if len(insns) == 0 {
		return false
	}
	for _, in := range insns {
		f := strings.Fields(in)
		if len(f) == 0 || !processorReads[f[0]] {
			return false
		}
	}
	return true
}
