package cfront

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file models the microcontrollers nescc compiles TinyOS for
// (MSP430 and AVR), so that its output, build/<platform>/app.c, is
// checked as the hardware runs it, without a harness:
//
//   - Interrupt handlers are the functions GCC's interrupt attributes
//     mark: MSP430's interrupt(vector), AVR's signal and interrupt. Each
//     firing is a thread of the handler's template; main starts any
//     number of them before its first step. A firing waits until the
//     global interrupt enable (GIE: the MSP430 status register's bit 3,
//     AVR's SREG.I) is set, clears it, unless AVR's interrupt kind
//     enables it again, runs the handler and, on return (reti), sets it
//     again: the status register it restores had it set.
//   - GIE is one variable of circ's own (mcuModel.gie), which the
//     intrinsics and the instructions that write the status register
//     read and write (mcuIntrinsics, mcuAsm), and nesC's atomic sections
//     save and clear.
//   - The hardware gives the context that runs with interrupts disabled
//     the CPU alone: an interrupt cannot preempt it, and what it
//     preempted does not run until it returns. So every location where
//     GIE is surely clear in its thread is atomic (markInterruptsOff):
//     main's start-up code, a handler that does not enable interrupts,
//     and an atomic section, up to a sleep that enables them inside it.
//     Elsewhere threads interleave freely, which over-approximates
//     nesting.
//   - A hardware register (a volatile object bound by an asm label to
//     an address or a symbol the linker places, as the MCU headers
//     declare them) is an input: each read returns any value, writes go
//     nowhere circ checks, and it is no race target.

// mcuModel is what a program for a microcontroller adds to the build.
type mcuModel struct {
	// gie is the global interrupt enable; nil until the program has a
	// handler or calls an intrinsic that touches it.
	gie *cfa.Var
	// gieBit is GIE's value in the status register (mcuArch).
	gieBit int64
	// srBits is the status register's width in bits.
	srBits int64
	// isrs are the interrupt handlers, in the order their attributes
	// appear; isrOf maps each handler template to its handler.
	isrs  []*isr
	isrOf map[*cfa.CFA]*isr
	// registers are the hardware registers, by declarator, each with
	// its asm label.
	registers map[*cc.Declarator]string
}

// isr is one interrupt handler.
type isr struct {
	name string
	// vector is MSP430's vector offset (-1 if the attribute names none).
	vector int64
	// enables: the handler starts with interrupts enabled (AVR's
	// interrupt attribute; signal and MSP430's leave them disabled).
	enables bool
	pos     cfa.Pos
}

// mcuArchs gives each architecture's status register: GIE's bit, the
// register's width and its data address (0: none, MSP430's SR is r2);
// and the addresses of its peripheral registers, [regLo, regHi). A
// constant address outside is memory (a program's objects are not at
// constant addresses in circ).
var mcuArchs = map[string]struct{ gieBit, bits, srAddr, regLo, regHi int64 }{
	"msp430": {8, 16, 0, 0, 0x200},        // SR.GIE is bit 3
	"avr":    {128, 8, 0x5F, 0x20, 0x100}, // SREG.I is bit 7; SREG is I/O 0x3F
}

// msp430NMIVector is the vector offset of the non-maskable interrupt on
// the MSP430x1xx (the telosb, tmote and eyes motes' msp430f1611).
const msp430NMIVector = 28

// srOp is what an intrinsic or instruction does to the status register.
type srOp int

const (
	srNop     srOp = iota // nothing (nop, a sleep that wakes at once)
	srDisable             // GIE := 0
	srEnable              // GIE := 1
	srRead                // returns the register: GIE's bit, the rest any value
	srWrite               // the register := its argument
	srSet                 // sets the bits of its argument (bis)
	srClear               // clears the bits of its argument (bic)
	srOnExit              // changes the register a handler's return restores
)

// mcuIntrinsics are the built-in functions of msp430-gcc and
// avr-gcc (and their libc's macros, as functions) that touch the status
// register, with what they do. A program's own definition wins.
var mcuIntrinsics = map[string]srOp{
	"__nop":                         srNop,
	"_NOP":                          srNop,
	"__no_operation":                srNop,
	"__dint":                        srDisable,
	"_DINT":                         srDisable,
	"__disable_interrupt":           srDisable,
	"__eint":                        srEnable,
	"_EINT":                         srEnable,
	"__enable_interrupt":            srEnable,
	"__read_status_register":        srRead,
	"__get_SR_register":             srRead,
	"_get_SR_register":              srRead,
	"__write_status_register":       srWrite,
	"__bis_status_register":         srSet,
	"__bis_SR_register":             srSet,
	"_BIS_SR":                       srSet,
	"__bic_status_register":         srClear,
	"__bic_SR_register":             srClear,
	"_BIC_SR":                       srClear,
	"__bis_SR_register_on_exit":     srOnExit,
	"__bic_SR_register_on_exit":     srOnExit,
	"_BIS_SR_IRQ":                   srOnExit,
	"_BIC_SR_IRQ":                   srOnExit,
	"__bis_status_register_on_exit": srOnExit,
	"__bic_status_register_on_exit": srOnExit,
	"__get_interrupt_state":         srRead,
	"__set_interrupt_state":         srWrite,
}

// immediateSR matches an MSP430 bis or bic of an immediate into the
// status register (text without blanks, lower case).
var immediateSR = regexp.MustCompile(`^(bis|bic)(?:\.w)?#(0x[0-9a-f]+|[0-9]+),(?:r2|sr)$`)

// mcuAsm are the instructions, as asm text without blanks, that touch
// the status register: MSP430's writes of r2 (SR) and AVR's cli and sei.
// A sleep is a nop: waking at once, with no interrupt taken, is one of
// the runs a sleep allows.
var mcuAsm = map[string]srOp{
	"dint":       srDisable,
	"eint":       srEnable,
	"cli":        srDisable,
	"sei":        srEnable,
	"sleep":      srNop,
	"wdr":        srNop,
	"bis%0,r2":   srSet,
	"bis.w%0,r2": srSet,
	"bic%0,r2":   srClear,
	"bic.w%0,r2": srClear,
	"mov%0,r2":   srWrite,
	"mov.w%0,r2": srWrite,
}

// interruptAttribute records the handler that attribute av (interrupt or
// signal, its name) marks, from its ancestors stack. MSP430's names its
// vector; AVR's has no argument. GCC for x86 has an interrupt attribute
// too, whose handler takes a frame pointer: a handler must take no
// parameters.
func (b *builder) interruptAttribute(av *cc.AttributeValue, name string, stack []any) {
	h := &isr{vector: -1, pos: b.pos(av)}
	as := args(av.ArgumentExpressionList)
	arch := b.target
	switch {
	case name == "interrupt" && len(as) == 1:
		k, ok := intValue(as[0].Value())
		if !ok {
			b.fail(av, "interrupt attribute takes one constant vector")
		}
		h.vector, arch = k, "msp430"
		if k == msp430NMIVector {
			// Sound over incomplete: on the devices with more
			// vectors 28 is a maskable one, and is rejected too.
			b.fail(av, "unsupported: interrupt(%d) is the MSP430's non-maskable interrupt (0xFFFC on the x1xx devices TinyOS targets), which fires whatever GIE says; circ models maskable interrupts only", k)
		}
	case len(as) != 0:
		b.fail(av, "unsupported: %s attribute with %d arguments", name, len(as))
	case name == "signal":
		arch = "avr"
	case arch == "":
		b.fail(av, "unsupported: interrupt attribute without a vector, in a program circ cannot tell is for the MSP430 or the AVR")
	default:
		h.enables = name == "interrupt" && arch == "avr"
	}
	var d *cc.Declarator
	for i := len(stack) - 1; i >= 0 && d == nil; i-- {
		switch s := stack[i].(type) {
		case *cc.FunctionDefinition:
			d = s.Declarator
		case *cc.InitDeclarator:
			d = s.Declarator
		}
	}
	if d == nil || !isFunc(d.Type()) {
		b.fail(av, "unsupported: %s attribute on something other than a function", name)
	}
	h.name = d.Name()
	m := b.mcuFor(arch, av)
	for _, old := range m.isrs {
		if old.name == h.name {
			return // its prototype and its definition
		}
	}
	m.isrs = append(m.isrs, h)
}

// mcuFor returns the program's MCU model for architecture arch, making
// it on first use; a program for two architectures is an error at n.
func (b *builder) mcuFor(arch string, n cc.Node) *mcuModel {
	a := mcuArchs[arch]
	if b.mcu == nil {
		b.mcu = &mcuModel{gieBit: a.gieBit, srBits: a.bits, isrOf: map[*cfa.CFA]*isr{}, registers: map[*cc.Declarator]string{}}
	} else if b.mcu.gieBit != a.gieBit && len(b.mcu.isrs) > 0 {
		b.fail(n, "unsupported: interrupt handlers of two architectures (MSP430's interrupt(vector) and AVR's signal/interrupt)")
	}
	return b.mcu
}

// scanRegisters records the hardware registers: volatile objects, not
// functions, bound by an asm label and without an initializer.
func (b *builder) scanRegisters() {
	if b.target == "" && !b.interruptDriven() {
		return // a host program's asm label only renames a symbol
	}
	Walk(b.ast.TranslationUnit, func(n any, _ []any) bool {
		id, ok := n.(*cc.InitDeclarator)
		if !ok || id.Asm == nil || id.Declarator == nil || id.Initializer != nil {
			return true
		}
		d := id.Declarator
		if d.Type() == nil || isFunc(d.Type()) || !d.Type().Attributes().IsVolatile() && !d.IsVolatile() {
			return true
		}
		b.mcuFor(b.mcuArch(), id).registers[d] = asmLabel(id.Asm)
		return true
	})
}

// asmLabel is the symbol an asm label names ("__""ME1": __ME1).
func asmLabel(a *cc.Asm) string {
	return strings.Trim(strings.ReplaceAll(a.Token3.SrcStr(), `""`, ""), `"`)
}

// mcuArch is the program's MCU architecture: its handlers', else its
// target's.
func (b *builder) mcuArch() string {
	if b.mcu != nil && b.mcu.gieBit == mcuArchs["avr"].gieBit {
		return "avr"
	}
	if b.mcu == nil && b.target != "" {
		return b.target
	}
	return "msp430"
}

// interruptVar returns GIE, creating it on first use: a global of
// circ's own, clear at reset.
func (b *builder) interruptVar(n cc.Node) *cfa.Var {
	m := b.mcuFor(b.mcuArch(), n)
	if m.gie == nil {
		name := "SR.GIE"
		if m.gieBit == mcuArchs["avr"].gieBit {
			name = "SREG.I"
		}
		m.gie = &cfa.Var{Name: b.unique("__CIRC_" + strings.ReplaceAll(name, ".", "_")), Global: true, Kind: cfa.Sync, CName: name, Frame: -1}
		b.prog.Globals = append(b.prog.Globals, m.gie)
	}
	return m.gie
}

// interruptDriven reports whether the program has interrupt handlers:
// then nesC's atomic sections work through GIE.
func (b *builder) interruptDriven() bool { return b.mcu != nil && len(b.mcu.isrs) > 0 }

// startHandlers emits, at the start of main, the creation of any number
// of firings of each handler.
func (t *tb) startHandlers(p cfa.Pos) {
	if !t.b.interruptDriven() {
		return
	}
	t.b.interruptVar(nil)
	for _, h := range t.b.mcu.isrs {
		fd := t.b.funcs[h.name]
		if fd == nil {
			continue // declared, never defined: no such handler
		}
		if ft, ok := fd.Declarator.Type().(*cc.FunctionType); !ok || len(realParams(ft)) != 0 {
			t.b.fail(fd.Declarator, "unsupported: interrupt handler %s takes parameters", h.name)
		}
		c := t.b.template(fd)
		c.Interrupt = true
		t.b.mcu.isrOf[c] = h
		t.loop(p, func() {
			t.add(&cfa.Edge{Kind: cfa.Create, Template: c, Pos: p, Note: "a firing of interrupt handler " + h.name})
		})
	}
}

// handlerPrologue is a firing's first step: it waits until interrupts
// are enabled and takes the interrupt, in one atomic step.
func (t *tb) handlerPrologue(h *isr, p cfa.Pos) {
	gie := t.b.mcu.gie
	t.atomic(mkBin(cfa.Eq, ref(gie), num(1)), p, "interrupt "+h.name+" fires", func() {
		if !h.enables {
			t.set(gie, num(0), p)
		}
	})
}

// reti is a handler's return: the status register it restores had
// interrupts enabled, since the interrupt was taken.
func (t *tb) reti(p cfa.Pos) {
	if t.b.mcu.handlerOf(t.c) == nil {
		return
	}
	t.set(t.b.mcu.gie, num(1), p)
}

// mcuCall lowers a call of an MCU intrinsic (mcuIntrinsics), or of
// nesC's atomic-section functions in an interrupt-driven program; ok is
// false for any other call.
func (t *tb) mcuCall(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (cfa.Expr, bool) {
	if t.b.funcs[name] != nil && name != "__nesc_atomic_start" && name != "__nesc_atomic_end" || t.b.target == "" && !t.b.interruptDriven() {
		return nil, false
	}
	switch name {
	case "__nesc_atomic_start":
		if !t.b.interruptDriven() {
			return nil, false
		}
		// nesC's atomic: save whether interrupts were enabled, and
		// disable them.
		t.nargs(x, name, as, 0)
		gie := t.b.interruptVar(x)
		saved := t.temp(x.Type())
		t.set(saved, ref(gie), p)
		t.set(gie, num(0), p)
		return unless(want, ref(saved)), true
	case "__nesc_atomic_end":
		if !t.b.interruptDriven() {
			return nil, false
		}
		t.nargs(x, name, as, 1)
		t.enableIf(mkBin(cfa.Ne, t.intExpr(as[0]), num(0)), x, p)
		return zeroIf(want), true
	}
	op, ok := mcuIntrinsics[name]
	if !ok {
		return nil, false
	}
	var arg cfa.Expr
	switch op {
	case srWrite, srSet, srClear, srOnExit:
		t.nargs(x, name, as, 1)
		arg = t.intExpr(as[0])
	default:
		t.nargs(x, name, as, 0)
	}
	return unless(want, t.statusOp(op, arg, name, x, p)), true
}

// statusOp lowers op on the status register, with argument arg; it
// returns the register's value for srRead (else 0).
func (t *tb) statusOp(op srOp, arg cfa.Expr, what string, n cc.Node, p cfa.Pos) cfa.Expr {
	gie := t.b.interruptVar(n)
	bit := t.b.mcu.gieBit
	hasGIE := func(v cfa.Expr) cfa.Expr {
		return mkBin(cfa.Ne, mkBin(cfa.BitAnd, v, num(bit)), num(0))
	}
	switch op {
	case srNop:
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: what})
	case srDisable:
		t.set(gie, num(0), p)
	case srEnable:
		t.set(gie, num(1), p)
	case srRead:
		// GIE's bit is GIE; the flags and the other bits are any
		// value.
		below, above := t.temp(nil), t.temp(nil)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: below, Lo: num(0), Hi: num(bit - 1), Pos: p, Note: what + ": the bits below GIE"})
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: above, Lo: num(0), Hi: num((int64(1)<<t.b.mcu.srBits)/(2*bit) - 1), Pos: p, Note: what + ": the bits above GIE"})
		v := t.temp(nil)
		t.set(v, mkBin(cfa.Add, mkBin(cfa.Add, mkBin(cfa.Mul, ref(above), num(2*bit)), mkBin(cfa.Mul, ref(gie), num(bit))), ref(below)), p)
		return ref(v)
	case srWrite:
		t.enableIf(hasGIE(arg), n, p)
	case srSet:
		t.choose(p, arm{cond: hasGIE(arg), body: func() { t.set(gie, num(1), p) }}, arm{cond: cfa.Unary{Op: cfa.Not, X: hasGIE(arg)}})
	case srClear:
		t.choose(p, arm{cond: hasGIE(arg), body: func() { t.set(gie, num(0), p) }}, arm{cond: cfa.Unary{Op: cfa.Not, X: hasGIE(arg)}})
	case srOnExit:
		k, ok := arg.(cfa.Const)
		if !ok || k.Val&bit != 0 {
			t.b.fail(n, "unsupported: %s that may change the interrupt enable a handler's return restores", what)
		}
		// Low-power bits: the CPU stays awake after the handler
		// returns, which circ's sleeps always do.
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: what})
	}
	return num(0)
}

// enableIf sets GIE to whether c holds.
func (t *tb) enableIf(c cfa.Expr, n cc.Node, p cfa.Pos) {
	gie := t.b.interruptVar(n)
	t.choose(p,
		arm{cond: c, body: func() { t.set(gie, num(1), p) }},
		arm{cond: cfa.Unary{Op: cfa.Not, X: c}, body: func() { t.set(gie, num(0), p) }},
	)
}

// mcuAsmStatement lowers an asm statement that touches the status
// register (mcuAsm), in a program for an MCU; ok is false for any
// other.
func (t *tb) mcuAsmStatement(key string, parts asmParts, n cc.Node, p cfa.Pos) bool {
	if t.b.mcu == nil {
		return false
	}
	what := "asm " + strconv.Quote(parts.text)
	if m := immediateSR.FindStringSubmatch(strings.ToLower(key)); m != nil && len(parts.inputs) == 0 {
		// bis #8, r2: an immediate operand.
		if k, err := strconv.ParseInt(m[2], 0, 64); err == nil {
			op := srClear
			if m[1] == "bis" {
				op = srSet
			}
			t.statusOp(op, num(k), what, n, p)
			return true
		}
	}
	op, known := mcuAsm[key]
	inputs := 0
	if op == srWrite || op == srSet || op == srClear {
		inputs = 1
	}
	if !known || len(parts.outputs) != 0 || len(parts.inputs) != inputs {
		if _, plain := asmEffects[key]; !plain && t.b.interruptDriven() {
			// Instructions circ does not know, or operands it does
			// not expect, may change the interrupt enable: after
			// them it is either.
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: t.b.interruptVar(n), Lo: num(0), Hi: num(1), Pos: p, Approx: true,
				Note: "inline assembly " + strconv.Quote(parts.text) + ": the interrupt enable may be either afterwards"})
		}
		return false
	}
	var arg cfa.Expr
	if inputs == 1 {
		arg = t.intExpr(parts.inputs[0])
	}
	t.statusOp(op, arg, what, n, p)
	return true
}

// register returns the local that stands for hardware register d in
// this thread (registerLocal).
func (t *tb) register(d *cc.Declarator) *local {
	return t.registerLocal(d, d.Name(), t.b.mcu.registers[d], d.Type())
}

// addressedRegister returns the register that *x, a dereference of a
// constant address (*(volatile uint8_t *)0x3F), names in a program for
// an MCU, where no C object lies at a constant address; nil for any
// other dereference.
func (t *tb) addressedRegister(x *cc.UnaryExpression, ptr cfa.Expr) *local {
	if t.b.mcu == nil {
		return nil
	}
	c, ok := ptr.(cfa.Const)
	k := c.Val
	typ := pointee(x.CastExpression.Type())
	a := mcuArchs[t.b.mcuArch()]
	if !ok || k < a.regLo || k >= a.regHi || typ == nil {
		return nil
	}
	label := fmt.Sprintf("0x%04x", k)
	if k == a.srAddr && isInt(typ) {
		label = "SREG"
	}
	if t.b.isStruct(typ) && !t.b.holdsArray(typ) {
		return t.registerStruct(label, typ, t.b.pos(x))
	}
	if !isInt(typ) {
		return nil
	}
	return t.registerLocal(k, "*"+label, label, typ)
}

// registerStruct is a register read or written as a struct of
// bit-fields (*(Atm128TimerCtrlCapture_t *)0x8A): a struct whose fields
// are registers, each read of which is any value, given any values
// first, so that a copy of the whole struct reads any value too.
func (t *tb) registerStruct(label string, typ cc.Type, p cfa.Pos) *local {
	l := t.structTemp(typ, "register "+label, p)
	for _, f := range leaves(l) {
		if f.v == nil || f.v.Kind != cfa.Data {
			t.b.failAt(p, "unsupported: register %s read as %s", label, describeC(typ))
		}
		f.hw = label
		lo, hi := t.b.rangeOf(f.typ)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: f.v, Lo: lo, Hi: hi, Pos: p, Note: "hardware register " + label})
	}
	return l
}

// registerLocal returns the local that stands for the hardware register
// key (a declarator or an address) in this thread, creating it on first
// use: a variable of its own that writes go to and that no other thread
// sees (readLocal gives each read any value).
func (t *tb) registerLocal(key any, name, label string, typ cc.Type) *local {
	if l := t.registers[key]; l != nil {
		return l
	}
	fr := t.fr
	t.fr = nil
	l := t.newVar(nil, "register "+name, cfa.Data, typ)
	t.fr = fr
	l.hw = label
	if t.registers == nil {
		t.registers = map[any]*local{}
	}
	t.registers[key] = l
	return l
}

// readRegister lowers a read of hardware register l: any value of its
// type.
func (t *tb) readRegister(l *local, n cc.Node) cfa.Expr {
	p := t.b.pos(n)
	if l.hw == "SREG" {
		return t.statusOp(srRead, nil, "a read of SREG", n, p)
	}
	lo, hi := t.b.rangeOf(l.typ)
	v := t.temp(l.typ)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: "hardware register " + l.v.CName[len("register "):] + " (" + l.hw + ")"})
	return ref(v)
}

// isStatusRegister reports whether v stands for AVR's SREG in this
// thread: a store into it sets the interrupt enable from its bit 7.
func (t *tb) isStatusRegister(v *cfa.Var) bool {
	l := t.registers[mcuArchs["avr"].srAddr]
	return l != nil && l.v == v && l.hw == "SREG"
}

// gieValues is what a variable may hold, as a set of bits: giesZero,
// giesOne, or any other value.
type gieValues uint8

const (
	giesZero gieValues = 1 << iota
	giesOne
	giesOther
	giesAny = giesZero | giesOne | giesOther
)

// markInterruptsOff marks atomic the locations of c where interrupts are
// surely disabled: a forward dataflow over GIE and the locals that copy
// it (nesC's saved state), starting from entry. From a location where
// they may be enabled, another thread may run first and change GIE; from
// one where they are not, no other thread runs, so only c's own edges
// change it.
func (m *mcuModel) markInterruptsOff(c *cfa.CFA, entry gieValues) {
	if m.gie == nil {
		return
	}
	// The variables tracked: GIE and the locals assigned from them.
	index := map[*cfa.Var]int{m.gie: 0}
	for grown := true; grown; {
		grown = false
		for _, e := range c.Edges {
			if e.Kind != cfa.Assign || e.LHS.Global {
				continue
			}
			if _, in := index[e.LHS]; in {
				continue
			}
			if r, ok := gieSource(e.RHS); ok {
				if _, src := index[r]; src {
					index[e.LHS] = len(index)
					grown = true
				}
			}
		}
	}
	out := make([][]*cfa.Edge, len(c.Locs))
	for _, e := range c.Edges {
		out[e.From] = append(out[e.From], e)
	}
	state := make([][]gieValues, len(c.Locs))
	start := make([]gieValues, len(index))
	for i := range start {
		start[i] = giesAny
	}
	start[0] = entry
	state[c.Entry] = start
	work := []int{c.Entry}
	var eval func(s []gieValues, x cfa.Expr) gieValues
	eval = func(s []gieValues, x cfa.Expr) gieValues {
		switch x := x.(type) {
		case cfa.Unary:
			if _, conv := x.Op.IntType(); conv {
				// 0 and 1 convert to themselves; another value
				// may wrap to either.
				if v := eval(s, x.X); v&giesOther == 0 {
					return v
				}
			}
		case cfa.Binary:
			k, isConst := x.Y.(cfa.Const)
			if (x.Op == cfa.Eq || x.Op == cfa.Ne) && isConst && k.Val == 0 {
				v, zero := eval(s, x.X), gieValues(giesZero)
				if x.Op == cfa.Eq {
					zero = giesOne
				}
				switch {
				case v == giesZero:
					return zero
				case v&giesZero == 0:
					return giesZero | giesOne ^ zero
				}
				return giesZero | giesOne
			}
		case cfa.Const:
			switch x.Val {
			case 0:
				return giesZero
			case 1:
				return giesOne
			}
			return giesOther
		case cfa.Ref:
			if i, ok := index[x.V]; ok {
				return s[i]
			}
		}
		return giesAny
	}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range out[l] {
			s := append([]gieValues(nil), state[l]...)
			if s[0] != giesZero {
				s[0] = giesZero | giesOne // another thread may have run
			}
			switch e.Kind {
			case cfa.Assign, cfa.Havoc, cfa.TryLock:
				if i, ok := index[e.LHS]; ok {
					s[i] = giesAny
					if e.Kind == cfa.Assign {
						s[i] = eval(s, e.RHS)
					}
				}
			case cfa.Assume:
				if !refineGIE(s, index, e.Cond, true) {
					continue
				}
			}
			changed := false
			if state[e.To] == nil {
				state[e.To], changed = s, true
			} else {
				for i, v := range s {
					if state[e.To][i]|v != state[e.To][i] {
						state[e.To][i] |= v
						changed = true
					}
				}
			}
			if changed {
				work = append(work, e.To)
			}
		}
	}
	for l, s := range state {
		if s != nil && s[0] == giesZero {
			c.Locs[l].Atomic = true
		}
	}
}

// gieSource is the variable whose value e copies, converted or tested
// against 0, if any.
func gieSource(e cfa.Expr) (*cfa.Var, bool) {
	switch x := e.(type) {
	case cfa.Ref:
		return x.V, true
	case cfa.Unary:
		if _, conv := x.Op.IntType(); conv {
			return gieSource(x.X)
		}
	case cfa.Binary:
		if k, ok := x.Y.(cfa.Const); ok && k.Val == 0 && (x.Op == cfa.Eq || x.Op == cfa.Ne) {
			return gieSource(x.X)
		}
	}
	return nil, false
}

// refineGIE narrows s by condition c (holding when truth): a tracked
// variable compared with 0 or 1. It reports false when c cannot hold.
func refineGIE(s []gieValues, index map[*cfa.Var]int, c cfa.Expr, truth bool) bool {
	switch x := c.(type) {
	case cfa.Unary:
		if x.Op == cfa.Not {
			return refineGIE(s, index, x.X, !truth)
		}
	case cfa.Ref:
		return refineGIE(s, index, mkBin(cfa.Ne, x, num(0)), truth)
	case cfa.Binary:
		if x.Op != cfa.Eq && x.Op != cfa.Ne {
			return true
		}
		r, isRef := x.X.(cfa.Ref)
		k, isConst := x.Y.(cfa.Const)
		if !isRef || !isConst {
			r, isRef = x.Y.(cfa.Ref)
			k, isConst = x.X.(cfa.Const)
		}
		i, tracked := index[r.V]
		if !isRef || !isConst || !tracked {
			return true
		}
		eq := (x.Op == cfa.Eq) == truth
		var v gieValues
		switch k.Val {
		case 0:
			v = giesZero
		case 1:
			v = giesOne
		default:
			v = giesOther
		}
		if eq {
			s[i] &= v
		} else if v != giesOther {
			s[i] &^= v
		}
		return s[i] != 0
	}
	return true
}

// registerOf reports whether d is a hardware register, and its label.
func (m *mcuModel) registerOf(d *cc.Declarator) (string, bool) {
	if m == nil {
		return "", false
	}
	l, ok := m.registers[d]
	return l, ok
}

// handlerOf is the handler whose firings template c runs, if any.
func (m *mcuModel) handlerOf(c *cfa.CFA) *isr {
	if m == nil {
		return nil
	}
	return m.isrOf[c]
}
