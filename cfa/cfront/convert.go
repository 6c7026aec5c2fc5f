package cfront

// C's integer conversions. circ's integers are mathematical, so every
// conversion C makes that may change a value is written into the IR as a
// conversion operator (cfa.ToU8 ... cfa.ToI64): on a store into a
// narrower or differently signed variable, on a cast, on the usual
// arithmetic conversions of an operator's operands, and on the result of
// unsigned arithmetic, which wraps. A conversion that cannot change the
// value (its source type lies within its target type, or the value's
// shape shows it fits) is left out, so int-only programs see none.
// Signed overflow is undefined in C and is not wrapped.

import (
	"math"

	"modernc.org/cc/v4"

	"circ/cfa"
)

// intTypeOf is the cfa.IntType of C type t: zero unless t is an integer
// type of 1, 2, 4 or 8 bytes; _Bool is the 1-bit unsigned type (it
// converts by comparison with 0, never by a conversion operator).
func intTypeOf(t cc.Type) cfa.IntType {
	if t == nil || !cc.IsIntegerType(t) {
		return cfa.IntType{}
	}
	if t.Kind() == cc.Bool {
		return cfa.IntType{Bits: 1}
	}
	switch sz := t.Size(); sz {
	case 1, 2, 4, 8:
		return cfa.IntType{Bits: uint8(8 * sz), Signed: cc.IsSignedInteger(t)}
	}
	return cfa.IntType{}
}

// setType records the C type of v, a Data variable: _Bool variables
// store 0 or 1, integer variables hold values of their type. (Mutexes,
// handles and the other objects circ models hold circ's own values.)
func (b *builder) setType(v *cfa.Var, t cc.Type) {
	if t == nil || v.Kind != cfa.Data {
		return
	}
	if isFloat(t) {
		b.floatVars = append(b.floatVars, v)
	}
	v.Bool = t.Kind() == cc.Bool
	if !v.Bool {
		v.Int = b.intType(t)
	}
}

// wrappedOutside reports whether e is a conversion to a type whose
// values are not all to's: cc may type an expression on an enum as int
// where circ, as gcc, computes it as unsigned (canon), and the value's
// own conversion tells.
func wrappedOutside(e cfa.Expr, to cfa.IntType) bool {
	u, ok := e.(cfa.Unary)
	if !ok {
		return false
	}
	t, conv := u.Op.IntType()
	return conv && !t.Within(to)
}

// fits reports whether e's shape shows that its value is one of to's.
func fits(e cfa.Expr, to cfa.IntType) bool {
	switch e := e.(type) {
	case cfa.Const:
		return to.Fits(e.Val)
	case cfa.Ref:
		return e.V.Bool || e.V.Int.Valid() && e.V.Int.Within(to)
	case cfa.Unary:
		if t, ok := e.Op.IntType(); ok {
			return t.Within(to)
		}
	case cfa.Cond:
		return fits(e.T, to) && fits(e.F, to)
	}
	return cfa.IsBoolExpr(e)
}

// convert converts e, a value of C type from (nil: unknown), to the
// integer type to, as the source at n does.
func (t *tb) convert(n cc.Node, e cfa.Expr, from cc.Type, to cfa.IntType) cfa.Expr {
	if e == nil || !to.Valid() {
		return e
	}
	if isFloat(from) {
		// A floating-point value converts to any integer (float.go).
		p := t.b.lastPos
		if n != nil {
			p = t.b.pos(n)
		}
		return t.floatToInt(to, p)
	}
	if from != nil && t.b.isHandle(from) {
		// circ numbers threads 1, 2, ...; the system's ids are
		// other numbers, which a hash of them, an order or a
		// narrowing sees. A thread id as a number is any value
		// (comparisons of ids for equality stay exact: usual).
		p := t.b.lastPos
		if n != nil {
			p = t.b.pos(n)
		}
		return t.anyOf(nil, to, "a thread id as a number: circ's ids are not the system's", p, true)
	}
	if to.Bits == 1 {
		return e
	}
	addr := t.isAddrConst(e)
	ptr := pointerBits(t.b.ast)
	if int(to.Bits) >= ptr && (addr || from != nil && !cc.IsIntegerType(from)) {
		return e // an address converts to itself in an integer as wide (data_model.go)
	}
	// A narrower type keeps only some bits of an address, whatever
	// circ's layout makes of it.
	if f := t.b.intType(from); !addr && (f.Valid() && f.Within(to) && !wrappedOutside(e, to) || fits(e, to)) {
		return e
	}
	if k, ok := e.(cfa.Const); ok && !addr {
		if r, ok := to.Wrap(k.Val); ok {
			return cfa.Const{Val: r}
		}
	}
	c := cfa.Unary{Op: cfa.ConvOp(to), X: e}
	if int(to.Bits) >= ptr {
		return c // keepAddressesWhole decides an address's conversion
	}
	// Narrowing an address is arithmetic on it (checkIntegerArithmetic).
	return t.intOp(c, n)
}

// fit converts e, a value of C type from (nil: unknown), for a store into
// v at n.
func (t *tb) fit(n cc.Node, v *cfa.Var, e cfa.Expr, from cc.Type) cfa.Expr {
	if v == nil || e == nil {
		return e
	}
	if v.Bool {
		if cfa.IsBoolExpr(e) {
			return e
		}
		return mkBin(cfa.Ne, e, cfa.Const{Val: 0})
	}
	return t.b.wrapBitField(v, t.convert(n, e, from, v.Int))
}

// commonType is the type in which C evaluates x op y on integer operands
// of types xt and yt: the promoted left operand for shifts, the usual
// arithmetic conversions' type otherwise (nil unless both are integers).
func (b *builder) commonType(op cfa.BinOp, xt, yt cc.Type) cc.Type {
	if !isInt(xt) || !isInt(yt) {
		return nil
	}
	xt, yt = b.canon(xt), b.canon(yt)
	if op == cfa.Shl || op == cfa.Shr {
		return cc.IntegerPromotion(xt)
	}
	return cc.UsualArithmeticConversions(xt, yt)
}

// canon is the integer type gcc gives t: an enumeration is unsigned int
// when no constant is negative (int otherwise), where cc says int.
func (b *builder) canon(t cc.Type) cc.Type {
	et, ok := t.(*cc.EnumType)
	if !ok {
		return t
	}
	switch {
	case et.Min() >= 0 && et.Max() <= math.MaxUint32:
		return b.ast.UInt
	case et.Min() >= math.MinInt32 && et.Max() <= math.MaxInt32:
		return b.ast.Int
	}
	return t
}

// intType is the cfa.IntType of C type t (intTypeOf after canon); zero
// for the synchronization objects circ models (pthread_t is an integer
// in C, circ's own value in circ).
func (b *builder) intType(t cc.Type) cfa.IntType {
	if t == nil || b.syncTypeName(t) != "" {
		return cfa.IntType{}
	}
	return intTypeOf(b.canon(t))
}

// usual converts x and y, integer operands of C types xt and yt of op,
// to ct, the type C evaluates op in (commonType); a shift's right
// operand keeps its own type.
func (t *tb) usual(n cc.Node, op cfa.BinOp, ct cc.Type, x cfa.Expr, xt cc.Type, y cfa.Expr, yt cc.Type) (cfa.Expr, cfa.Expr) {
	if (op == cfa.Eq || op == cfa.Ne) && (t.b.isHandle(xt) || t.b.isHandle(yt)) {
		return x, y // thread ids are equal as circ's are (convert)
	}
	to := t.b.intType(ct)
	x = t.convert(n, x, xt, to)
	if op != cfa.Shl && op != cfa.Shr {
		y = t.convert(n, y, yt, to)
	}
	return x, y
}

// arith lowers x op y, arithmetic on integer operands of C types xt and
// yt that the source at n writes, as C evaluates it (usual, then
// wrapResult). It returns the value and its type.
func (t *tb) arith(n cc.Node, op cfa.BinOp, x cfa.Expr, xt cc.Type, y cfa.Expr, yt cc.Type) (cfa.Expr, cc.Type) {
	ct := t.b.commonType(op, xt, yt)
	if ct == nil {
		return t.intBin(n, op, x, y), nil
	}
	x, y = t.usual(n, op, ct, x, xt, y, yt)
	return t.wrapResult(n, op, t.intBin(n, op, x, y), ct), ct
}

// wrapResult wraps r, the result of op in C type typ, into typ when
// typ is unsigned and op may leave its range: unsigned arithmetic is
// modulo 2^bits. (Division, remainder, right shift and the bitwise
// operators keep in-range operands in range.) A signed left shift
// wraps too: gcc defines it on two's complement.
func (t *tb) wrapResult(n cc.Node, op cfa.BinOp, r cfa.Expr, typ cc.Type) cfa.Expr {
	to := t.b.intType(typ)
	if !to.Valid() || to.Bits == 1 {
		return r
	}
	switch op {
	case cfa.Add, cfa.Sub, cfa.Mul:
		if to.Signed {
			return r
		}
	case cfa.Shl:
	default:
		return r
	}
	return t.convert(n, r, nil, to)
}
