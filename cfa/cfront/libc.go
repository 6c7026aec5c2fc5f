package cfront

// Calls to functions without a body: the C library functions circ models
// (libc), and every other undefined function (external), which circ
// approximates and lists in the report's approximations.

import (
	"fmt"
	mathbits "math/bits"
	"slices"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// libcState names the hidden state of the C library functions that are
// not thread-safe (POSIX lists them): each call reads and writes it, so
// two unsynchronized calls race on it.
// glibc's rand and random share one generator.
var libcState = map[string]string{
	"rand": "rand", "srand": "rand", "random": "rand", "srandom": "rand",
	"lrand48": "rand48", "mrand48": "rand48", "srand48": "rand48",
}

// libcGlobals are the C library's own globals (stdio's streams, getopt's
// state, the time zone, the environment), which a preprocessed or
// combined file declares in its own text: a library function that
// reads or updates them touches no memory of the program's.
var libcGlobals = map[string]bool{
	"stdin": true, "stdout": true, "stderr": true,
	"optarg": true, "optind": true, "opterr": true, "optopt": true,
	"environ": true, "__environ": true,
	"tzname": true, "__tzname": true, "timezone": true, "__timezone": true, "daylight": true, "__daylight": true,
	"program_invocation_name": true, "program_invocation_short_name": true, "__progname": true, "__progname_full": true,
	"in6addr_any": true, // all zeros, as circ starts a global
}

// libcInits are the initial values POSIX and glibc give the C
// library's integer globals that are not zero (getopt's state).
var libcInits = map[string]int64{"optind": 1, "opterr": 1, "optopt": '?'}

// libcRange is the range of the value of C library functions that
// return an unknown number; a nil bound is the type's.
var libcRange = map[string][2]*int64{
	"rand": {i64(0), i64(2147483647)}, "random": {i64(0), i64(2147483647)},
	"lrand48": {i64(0), i64(2147483647)}, "mrand48": {i64(-2147483648), i64(2147483647)},
	"getchar": {i64(-1), i64(255)}, "time": {i64(0), nil},
	"sleep": {i64(0), nil}, "usleep": {i64(-1), i64(0)},
}

// libc lowers a call to a C library function circ models; ok is false
// for other functions.
func (t *tb) libc(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (v cfa.Expr, ok bool) {
	if v, ok := t.lowerLibcCall(name, x, as, want, p); ok {
		return v, true
	}
	if plain, ok := strings.CutPrefix(name, "__builtin_"); ok {
		// GCC's own, whatever functions the program defines.
		if bb, isBits := bitBuiltins[plain]; isBits {
			return t.bitBuiltin(plain, bb, x, as, want, p), true
		}
		if t.b.funcs[plain] == nil {
			// What the headers' macros and fortified versions call.
			return t.libc(plain, x, as, want, p)
		}
	}
	switch name {
	case "setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp":
		return t.setjmp(name, x, as, want, p), true
	case "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk":
		t.longjmp(name, x, as, p)
		return zeroIf(want), true
	case "strsep":
		return t.strsep(name, x, as, want, p), true
	case "strtok", "strtok_r":
		return t.strtok(name, x, as, want, p), true
	case "ftw", "nftw":
		return t.fileTreeWalk(name, x, as, want, p), true
	case "qsort":
		t.qsort(name, x, as, p)
		return zeroIf(want), true
	case "bsearch":
		return t.bsearch(name, x, as, want, p), true
	case "__ctype_b_loc", "__ctype_toupper_loc", "__ctype_tolower_loc":
		return t.ctypeLoc(name, x, as, want, p), true
	case "memset":
		t.nargs(x, name, as, 3)
		return unless(want, t.memset(as[0], as[1], as[2], p)), true
	case "bzero", "explicit_bzero":
		// memset(s, 0, n), returning nothing.
		t.nargs(x, name, as, 2)
		t.memset(as[0], nil, as[1], p)
		return zeroIf(want), true
	case "memcpy", "memmove":
		t.nargs(x, name, as, 3)
		return unless(want, t.memcpy(name, x, as, p)), true
	case "scanf", "sscanf", "fscanf":
		return t.scanf(name, x, as, want, p), true
	case "ffs", "ffsl", "ffsll":
		t.nargs(x, name, as, 1)
		bits := int64(64)
		if name == "ffs" {
			bits = 32
		}
		if !isInt(as[0].Type()) || as[0].Type().Size()*8 > bits {
			t.b.fail(as[0], "unsupported: %s of a %s (converted to the parameter's type)", name, describeC(as[0].Type()))
		}
		return unless(want, firstSetBit(t.plain(t.intExpr(as[0]), p), bits)), true
	case "time":
		t.nargs(x, name, as, 1)
		if isNull(as[0]) {
			return unless(want, ref(t.result(name, x, p))), true
		}
		addr := t.outArg(as[0], p)
		res := t.result(name, x, p)
		t.storeIfNotNull(as[0], addr, ref(res), p)
		return unless(want, ref(res)), true
	}
	if _, ok := libcRange[name]; !ok && libcState[name] == "" {
		return nil, false
	}
	for _, a := range as {
		if !isInt(a.Type()) {
			t.b.fail(a, "unsupported: %s argument of %s", describe(a.Type()), name)
		}
		t.discardRead(a, p)
	}
	if s := libcState[name]; s != "" {
		st := t.b.libcVar(s)
		t.add(&cfa.Edge{Kind: cfa.Assign, LHS: st, RHS: ref(st), Pos: p, Note: name + " reads and writes its hidden state"})
	}
	if _, ok := libcRange[name]; !ok || !want {
		return zeroIf(want), true
	}
	return ref(t.result(name, x, p)), true
}

// firstSetBit is ffs(v) for a v of the given width: 0 for 0, else the
// position (from 1) of its least significant set bit, as a chain of
// tests of single bits, which the engines compute exactly.
func firstSetBit(v cfa.Expr, bits int64) cfa.Expr {
	var e cfa.Expr = num(0)
	for i := bits - 1; i >= 0; i-- {
		bit := mkBin(cfa.Ne, mkBin(cfa.BitAnd, v, num(int64(uint64(1)<<uint(i)))), num(0))
		e = cfa.Cond{C: bit, T: num(i + 1), F: e}
	}
	return e
}

// nargs checks the number of arguments of a library call.
func (t *tb) nargs(x *cc.PostfixExpression, name string, as []cc.ExpressionNode, n int) {
	if len(as) != n {
		t.b.fail(x, "%s takes %d argument(s), got %d", name, n, len(as))
	}
}

// result is a temporary holding the unknown value call x of library
// function name returns.
func (t *tb) result(name string, x *cc.PostfixExpression, p cfa.Pos) *cfa.Var {
	lo, hi := t.b.rangeOf(x.Type())
	if r, ok := libcRange[name]; ok {
		if r[0] != nil {
			lo = num(*r[0])
		}
		if r[1] != nil {
			hi = num(*r[1])
		}
	}
	res := t.temp(x.Type())
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: lo, Hi: hi, Pos: p, Note: name + " result"})
	return res
}

// libcVar is the global holding the hidden state of library function s,
// named as a static local of s would be: s::state.
func (b *builder) libcVar(s string) *cfa.Var {
	name := s + "::state"
	if l := b.globals[name]; l != nil {
		return l.v
	}
	v := &cfa.Var{Name: b.unique(name), Global: true, Kind: cfa.Data, CName: name, Frame: -1}
	b.globals[name] = &local{v: v}
	b.prog.Globals = append(b.prog.Globals, v)
	return v
}

// outArg evaluates a, a pointer argument through which the call
// stores, before the call's own steps (as C evaluates every argument);
// storeIfNotNull stores through the value it returns.
func (t *tb) outArg(a cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	typ := pointee(a.Type())
	if typ == nil || !(isInt(typ) || isPtr(typ)) {
		t.b.fail(a, "unsupported: %s argument", describe(a.Type()))
	}
	return t.stableValue(a, p)
}

// storeIfNotNull stores val through addr, the value of pointer argument
// a (outArg), unless it is null.
func (t *tb) storeIfNotNull(a cc.ExpressionNode, addr, val cfa.Expr, p cfa.Pos) {
	typ := pointee(a.Type())
	t.choose(p, arm{cond: mkBin(cfa.Ne, addr, num(0)), body: func() {
		t.update(t.atAddr(addr, typ, a), false, func(v *cfa.Var) cfa.Expr { return t.store(v, t.fit(a, v, val, nil), false, p) })
	}}, arm{cond: mkBin(cfa.Eq, addr, num(0))})
}

// scanf reads numbers into the objects its arguments point to; it
// returns how many it stored, or EOF. sscanf reads them from a string,
// fscanf from a stream.
func (t *tb) scanf(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	f := 0 // the format's index
	if name != "scanf" {
		f = 1
	}
	if len(as) <= f {
		t.b.fail(x, "%s takes a format", name)
	}
	switch {
	case name == "sscanf" && !isLiteral(as[0]): // a literal: nothing writes it
		if !isPtr(as[0].Type()) || !byteType(pointee(as[0].Type())) {
			t.b.fail(as[0], "unsupported: %s argument of sscanf", describe(as[0].Type()))
		}
		t.walkChars(charWalk{src: t.stableValue(as[0], p), srcN: as[0], elem: pointee(as[0].Type()), str: true}, p)
	case name == "fscanf":
		t.discardRead(as[0], p) // the stream: the library's
	}
	if !isLiteral(as[f]) {
		t.walkChars(charWalk{src: t.stableValue(as[f], p), srcN: as[f], elem: pointee(as[f].Type()), str: true}, p)
	}
	outs := as[f+1:]
	// With a literal format, each argument's conversion; without, any
	// argument is a number's (a char pointer may receive a string).
	var convs []scanConv
	if lit := formatLiteral(as[f]); lit != nil {
		var bad string
		if convs, bad = scanfConvs(literalChars(lit)); bad != "" {
			t.b.fail(as[f], "unsupported: %s", bad)
		}
	}
	conv := func(i int) scanConv {
		if convs == nil || i >= len(convs) {
			return scanConv{verb: 'd', width: -1}
		}
		return convs[i]
	}
	addrs := make([]cfa.Expr, len(outs))
	for i, a := range outs {
		typ := pointee(a.Type())
		switch c := conv(i); {
		case typ == nil:
			t.b.fail(a, "unsupported: %s into %s", name, describeC(a.Type()))
		case (c.verb == 's' || c.verb == '[' || c.verb == 'c') && convs != nil:
			if !byteType(typ) {
				t.b.fail(a, "unsupported: %s of %%%c into %s", name, c.verb, describeC(a.Type()))
			}
			addrs[i] = t.stableValue(a, p)
		case strings.IndexByte("diouxXn", c.verb) >= 0 && isInt(typ) && (typ.Size() > 1 || convs != nil):
			addrs[i] = t.outArg(a, p)
		default:
			// A float (%f), a pointer (%p), or, with a format circ
			// cannot read, a char pointer, which may receive a string.
			t.b.fail(a, "unsupported: %s into %s", name, describeC(a.Type()))
		}
	}
	for i, a := range outs {
		switch c := conv(i); c.verb {
		case 's', '[', 'c':
			// The chars of the field, any, then (but for %c) a 0.
			var limit cfa.Expr
			switch {
			case c.verb == 'c':
				limit = num(max(c.width, 1))
			case c.width >= 0:
				limit = num(c.width + 1)
			}
			t.walkChars(charWalk{dst: addrs[i], dstN: a, elem: pointee(a.Type()), limit: limit, mayStop: true}, p)
		default:
			lo, hi := t.b.rangeOf(pointee(a.Type()))
			in := t.temp(pointee(a.Type()))
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: in, Lo: lo, Hi: hi, Pos: p, Note: name + " input"})
			t.storeIfNotNull(a, addrs[i], ref(in), p)
		}
	}
	if !want {
		return nil
	}
	res := t.temp(x.Type())
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: num(-1), Hi: num(int64(len(outs))), Pos: p, Note: name + " result"})
	return ref(res)
}

// memCells checks the pointer argument a and size n of a memory
// function and lists the cells it covers: copies of the pointee type's
// cells. A size that is not a multiple of the pointee's (memset(p, 0,
// sizeof(p)), a common slip) covers the cells that start below it;
// partial is the number of those at the end that it covers only in
// part (memCells fails for them unless partialOK).
func (t *tb) memCells(name string, a, n cc.ExpressionNode, partialOK bool) (cells []cellSpec, partial int) {
	size, ok := t.constant(n)
	return t.memCellsOf(name, a, n, size, ok, partialOK)
}

// memCellsOf is memCells for a size computed elsewhere (fread's size
// times count), known if ok, at n.
func (t *tb) memCellsOf(name string, a cc.ExpressionNode, n cc.Node, size int64, ok, partialOK bool) (cells []cellSpec, partial int) {
	typ := pointee(a.Type())
	if typ == nil || isVoid(typ) {
		a = t.typedSource(a)
		typ = pointee(a.Type())
	}
	if (typ == nil || isVoid(typ)) && t.fr.alloc != nil {
		// An allocator's wrapper clearing the block it returns
		// (void *p = alloc(n); memset(p, 0, n); return p;): the
		// block has the type the wrapper's call allocates.
		if d := identOf(a); d != nil && returnedBy([]any{t.fr.fd}, voidCopies([]any{t.fr.fd}, d)) {
			typ = t.fr.alloc.typ
		}
	}
	if typ == nil || isVoid(typ) || typ.Size() <= 0 {
		t.b.fail(a, "unsupported: %s through %s (circ needs the object's type)", name, describeC(a.Type()))
	}
	if s := t.b.packedIn(typ); s != "" {
		t.b.fail(n, "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	if !ok || size < 0 || size%typ.Size() != 0 && !partialOK {
		t.b.fail(n, "unsupported: %s of a size that is not a constant multiple of sizeof(%s)", name, describeC(typ))
	}
	var one, out []cellSpec
	t.b.layout(typ, "", 0, false, &one)
	for k := int64(0); k*typ.Size() < size; k++ {
		for _, cs := range one {
			start := k*typ.Size() + cs.off
			if start >= size {
				break
			}
			out = append(out, cs)
			if start+cs.typ.Size() > size {
				partial++
			}
		}
	}
	if len(out) > maxMemCells {
		t.b.fail(n, "unsupported: %s of more than %d cells", name, maxMemCells)
	}
	for i, cs := range out {
		// A thread handle is data: its bytes copy as a value does
		// (touchCells says what bytes from outside name).
		st := t.b.syncTypeName(cs.typ)
		sync := st != "" && !t.b.isHandle(cs.typ)
		if cs.bad != "" || (name != "memset" && sync) || i >= len(out)-partial && st != "" {
			t.b.fail(a, "unsupported: %s over %s", name, describeC(cs.typ))
		}
	}
	return out, partial
}

// maxUnrolledBytes bounds the bytes of a buffer that memset and memcpy
// write one edge each; more are a loop (a program's 8 KB buffer,
// inlined many times, would be hundreds of thousands of edges).
const maxUnrolledBytes = 1024

// maxMemCells bounds the cells one memset or memcpy may cover: each is
// an access of its own (a real program clears a struct of thousands).
const maxMemCells = maxCells

// stableValue evaluates argument a to an expression that stays valid
// while the call's arms run (a temporary if it reads memory).
func (t *tb) stableValue(a cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	addr := t.intExpr(a)
	if !t.stableExpr(addr) {
		addr = t.snapshot(addr, a.Type(), p)
	}
	return addr
}

// memset writes the byte fill (nil: 0, bzero) into every cell from to
// on, n bytes: a cell holds it
// repeated over its bytes, a synchronization object zeroed is in its
// initial state (zeroSync). A value circ cannot compute (a byte other
// than 0 in a pointer, a byte known only at run time) is havocked.
func (t *tb) memset(to, fill, n cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	var c int64 // the byte; fill nil: 0 (bzero)
	known := true
	if fill != nil {
		c, known = intValue(fill.Value())
	}
	if k, ok := t.constant(n); (!ok || k > maxUnrolledBytes) && byteType(t.bufferType(to)) {
		// A byte buffer of a size known at run time, or a large one:
		// byte by byte, in a loop.
		dst := t.stableValue(to, p)
		var val cfa.Expr = num(0)
		if fill != nil {
			val = t.convert(fill, t.stableValue(fill, p), fill.Type(), t.b.intType(t.bufferType(to)))
		}
		t.walkChars(charWalk{dst: dst, dstN: to, elem: t.bufferType(to), limit: t.stableValue(n, p), fill: val}, p)
		return dst
	}
	if _, ok := t.constant(n); !ok {
		return t.memsetElements(to, fill, c, known, n, p)
	}
	cells, partial := t.memCells("memset", to, n, true)
	dst := t.stableValue(to, p)
	if !known {
		t.discardRead(fill, p)
	}
	for j, cs := range cells {
		lv := t.atAddr(mkBin(cfa.Add, dst, num(int64(j))), cs.typ, to)
		if s := t.b.syncTypeName(cs.typ); s != "" {
			if !known || c&0xff != 0 {
				t.b.fail(fill, "unsupported: memset over %s with a byte other than 0", s)
			}
			t.access(lv, func(l *local) { t.staticSync(l, cfa.NormalMutex, "memset", to, p) })
			continue
		}
		t.fillCell(lv, cs.typ, c, known, j < len(cells)-partial, p)
	}
	return dst
}

// memsetElements lowers memset(to, fill, n) for a size n known only at
// run time over an array of T (T not a byte type): each whole element
// of the n bytes gets the byte c (any value where !known), and the
// cells of an element the size ends in are set only in part: any value
// (an approximation the report lists). Synchronization objects are
// rejected: clearing a run-time number of them is no state circ
// models.
func (t *tb) memsetElements(to, fill cc.ExpressionNode, c int64, known bool, n cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	elem := t.copiedElement(to)
	if elem == nil || isVoid(elem) || elem.Size() <= 0 {
		t.b.fail(to, "unsupported: memset through %s (circ needs the object's type)", describeC(to.Type()))
	}
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(n, "unsupported: memset of %s, which gcc packs (cc/v4 lays it out unpacked)", s)
	}
	var cells []cellSpec
	t.b.layout(elem, "", 0, false, &cells)
	for _, cs := range cells {
		if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" && !t.b.isHandle(cs.typ) {
			t.b.fail(to, "unsupported: memset of a size that is not a constant over %s", describeC(cs.typ))
		}
	}
	dst := t.stableValue(to, p)
	if !known {
		t.discardRead(fill, p)
	}
	whole, size := t.elementsIn(n, elem, p)
	t.eachElement(whole, int64(len(cells)), p, func(at func(base cfa.Expr, j int) cfa.Expr) {
		for j, cs := range cells {
			t.fillCell(t.atAddr(at(dst, j), cs.typ, to), cs.typ, c, known, true, p)
		}
	})
	if size != nil {
		t.partialElement(dst, nil, size, elem, cells, to, nil, "memset", p)
	}
	return dst
}

// elementsIn evaluates n, a size in bytes of objects of type elem, once,
// as C computes it in size_t, and returns the number of whole objects
// it covers, and the size itself where it may end inside one (nil
// where it cannot). For the usual k * sizeof(elem) the count is k, or,
// where the product wraps around its unsigned type of b bits, what
// remains of it: k modulo 2^b / sizeof(elem) for a size that is a power
// of two, which keeps the count linear for the abstract engine.
func (t *tb) elementsIn(n cc.ExpressionNode, elem cc.Type, p cfa.Pos) (whole, size cfa.Expr) {
	e := elem.Size()
	// The product wraps in its own type: size_t, or a narrower unsigned
	// type (k * 4u); a narrower signed one overflows, which is left to
	// the general case.
	product := t.b.intType(n.Type())
	if k := elementFactor(n, elem); k != nil && e&(e-1) == 0 && product.Valid() && !product.Signed {
		count := t.snapshot(t.convert(k, t.intExpr(k), k.Type(), product), nil, p)
		shift := uint(mathbits.TrailingZeros64(uint64(e)))
		if shift == 0 {
			return count, nil
		}
		return mkBin(cfa.Mod, count, num(int64(1)<<(uint(product.Bits)-shift))), nil
	}
	size = t.snapshot(t.sizeValue(n), nil, p)
	return mkBin(cfa.Div, size, num(e)), size
}

// fillCell stores into lv, a cell of type typ that memset covers (whole,
// or only in part), the byte c repeated over its bytes where c is known,
// the cell covered whole and the value one circ computes (byteFill);
// any value otherwise.
func (t *tb) fillCell(lv lval, typ cc.Type, c int64, known, whole bool, p cfa.Pos) {
	val, exact := byteFill(c, typ)
	note := "memset: a value circ does not compute"
	if !whole {
		exact, note = false, "memset: the cell's bytes are set only in part"
	}
	t.update(lv, false, func(v *cfa.Var) cfa.Expr {
		if known && exact {
			return t.store(v, t.b.wrapBitField(v, num(val)), false, p)
		}
		lo, hi := t.b.rangeOf(typ)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Numbers: true, Note: note})
		return nil
	})
}

// partialElement lowers what a copy (from the array at from) or a fill
// (from nil) of size bytes into dst, arrays of elem with the given
// cells, does to the element its size ends in, where size is no
// multiple of elem's size: each cell that starts below the end is read
// from the source and holds any value (an approximation the report
// lists). dstN and fromN are the arguments' source.
func (t *tb) partialElement(dst, from, size cfa.Expr, elem cc.Type, cells []cellSpec, dstN, fromN cc.ExpressionNode, name string, p cfa.Pos) {
	rest := mkBin(cfa.Mod, size, num(elem.Size()))
	offset := mkBin(cfa.Mul, mkBin(cfa.Div, size, num(elem.Size())), num(int64(len(cells))))
	for j, cs := range cells {
		t.choose(p, arm{cond: mkBin(cfa.Gt, rest, num(cs.off)), body: func() {
			cell := func(base cfa.Expr) cfa.Expr { return mkBin(cfa.Add, mkBin(cfa.Add, base, offset), num(int64(j))) }
			if from != nil {
				t.snapshot(t.load(t.atAddr(cell(from), cs.typ, fromN)), cs.typ, p)
			}
			t.update(t.atAddr(cell(dst), cs.typ, dstN), false, func(v *cfa.Var) cfa.Expr {
				lo, hi := t.b.rangeOf(cs.typ)
				// A fill leaves a number: no address is made of
				// bytes memset stores and what remains of another.
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Numbers: from == nil,
					Note: name + ": the cell's bytes are set only in part"})
				return nil
			})
		}}, arm{cond: mkBin(cfa.Le, rest, num(cs.off))})
	}
}

// byteFill is the value of a cell of type typ whose bytes all hold c.
func byteFill(c int64, typ cc.Type) (int64, bool) {
	b := uint64(c) & 0xff
	switch {
	case isPtr(typ):
		return 0, b == 0
	case typ.Kind() == cc.Bool:
		return int64(b), b <= 1
	case isInt(typ):
		var u uint64
		for i := int64(0); i < typ.Size(); i++ {
			u = u<<8 | b
		}
		switch top := u>>(8*typ.Size()-1) != 0; {
		case top && cc.IsSignedInteger(typ) && typ.Size() < 8:
			return int64(u) - 1<<(8*typ.Size()), true
		case top && !cc.IsSignedInteger(typ) && typ.Size() == 8:
			return 0, false // beyond int64: circ's values are int64
		}
		return int64(u), true
	}
	return 0, false
}

// memcpy copies cell by cell: all reads first, then all writes, which
// is also right for memmove's overlapping objects.
func (t *tb) memcpy(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	if k, ok := t.constant(as[2]); !ok || k > maxUnrolledBytes && byteType(t.bufferType(as[0])) && byteType(t.bufferType(as[1])) {
		return t.memcpyBytes(name, x, as, p)
	}
	cells, dstPartial := t.memCells(name, as[0], as[2], true)
	src, srcPartial := t.memCells(name, as[1], as[2], true)
	exact := dstPartial == 0 && srcPartial == 0 && len(src) == len(cells)
	for j := range src {
		exact = exact && compatible(t.b, src[j].typ, cells[j].typ)
	}
	dst := t.stableValue(as[0], p)
	from := t.stableValue(as[1], p)
	vals := make([]cfa.Expr, len(src))
	for j, cs := range src {
		v := t.load(t.atAddr(mkBin(cfa.Add, from, num(int64(j))), cs.typ, as[1]))
		vals[j] = t.snapshot(v, cs.typ, p)
	}
	for j, cs := range cells {
		lv := t.atAddr(mkBin(cfa.Add, dst, num(int64(j))), cs.typ, as[0])
		if exact {
			t.update(lv, false, func(v *cfa.Var) cfa.Expr { return t.store(v, t.fit(x, v, vals[j], src[j].typ), false, p) })
			continue
		}
		// Bytes of cells of another type (an address's four bytes
		// into a long): what they make circ does not compute. An
		// address made so would be one circ loses.
		if isPtr(cs.typ) {
			t.b.fail(x, "unsupported: %s between objects of different types, into %s", name, describeC(cs.typ))
		}
		t.update(lv, false, func(v *cfa.Var) cfa.Expr {
			lo, hi := t.b.rangeOf(cs.typ)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: name + ": " + v.CName + " holds bytes of cells of another type"})
			return nil
		})
	}
	return dst
}

// copiedElement is the type of the elements buffer argument a of a copy
// points to: an array's element type where a is an array or its
// address (which a cast to void * hides from bufferType), else
// bufferType's.
func (t *tb) copiedElement(a cc.ExpressionNode) cc.Type {
	typ := t.bufferType(a)
	if at, ok := t.typedSource(a).Type().(*cc.ArrayType); ok {
		typ = at.Elem()
	}
	for {
		at, ok := typ.(*cc.ArrayType)
		if !ok {
			return typ
		}
		typ = at.Elem()
	}
}

// memcpyElements lowers memcpy(dst, src, n * sizeof(T)) between arrays
// of T, for a count n known only at run time: for each whole element
// of the size, as C computes it (n * sizeof(T) may wrap), its cells are
// read, then written; an element the size ends in partway holds any
// value where it is written (partialElement).
func (t *tb) memcpyElements(as []cc.ExpressionNode, elem cc.Type, p cfa.Pos) cfa.Expr {
	var cells []cellSpec
	t.b.layout(elem, "", 0, false, &cells)
	if s := t.b.packedIn(elem); s != "" {
		t.b.fail(as[2], "unsupported: memcpy of %s, which gcc packs (cc/v4 lays it out unpacked)", s)
	}
	for _, cs := range cells {
		if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" && !t.b.isHandle(cs.typ) {
			t.b.fail(as[0], "unsupported: memcpy over %s", describeC(cs.typ))
		}
	}
	dst := t.stableValue(as[0], p)
	from := t.stableValue(as[1], p)
	whole, size := t.elementsIn(as[2], elem, p)
	t.eachElement(whole, int64(len(cells)), p, func(at func(base cfa.Expr, j int) cfa.Expr) {
		vals := make([]cfa.Expr, len(cells))
		for j, cs := range cells {
			vals[j] = t.snapshot(t.load(t.atAddr(at(from, j), cs.typ, as[1])), cs.typ, p)
		}
		for j, cs := range cells {
			t.update(t.atAddr(at(dst, j), cs.typ, as[0]), false, func(v *cfa.Var) cfa.Expr { return t.store(v, vals[j], false, p) })
		}
	})
	if size != nil {
		t.partialElement(dst, from, size, elem, cells, as[0], as[1], "memcpy", p)
	}
	return dst
}

// eachElement lowers a loop over the first n elements of an array whose
// elements are stride cells: for k from 0 while k < n, body with at,
// the address of cell j of element k from a base address.
func (t *tb) eachElement(n cfa.Expr, stride int64, p cfa.Pos, body func(at func(base cfa.Expr, j int) cfa.Expr)) {
	count := t.snapshot(n, nil, p)
	k := t.temp(nil)
	t.set(k, num(0), p)
	head := t.loopHead(p)
	exit := t.newLoc(p)
	t.choose(p,
		arm{cond: mkBin(cfa.Ge, ref(k), count), body: func() { t.jump(exit, p) }},
		arm{cond: mkBin(cfa.Lt, ref(k), count), body: func() {
			body(func(base cfa.Expr, j int) cfa.Expr {
				// As an index and a member are: the element, then the cell.
				return mkBin(cfa.Add, mkBin(cfa.Add, base, mkBin(cfa.Mul, ref(k), num(stride))), num(int64(j)))
			})
			t.set(k, mkBin(cfa.Add, ref(k), num(1)), p)
			t.jump(head, p)
		}})
	t.cur = -1
	t.place(exit, p)
}

// memcpyBytes lowers a memcpy or memmove of a size known only at run
// time from a byte buffer or an object (readObjectPrefix): into bytes, a
// copy char by char; into an object of another type T, the source read,
// then each cell of the T the size reaches written with any value (an
// approximation the report lists), and a size past the T undefined
// behaviour, where checkCopyReach shows the T ends its object.
func (t *tb) memcpyBytes(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, p cfa.Pos) cfa.Expr {
	dt, st := t.bufferType(as[0]), t.bufferType(as[1])
	if et := t.copiedElement(as[1]); name == "memcpy" && !byteType(et) {
		if elementFactor(as[2], et) != nil && sameType(t.b, t.copiedElement(as[0]), et) {
			return t.memcpyElements(as, et, p)
		}
	}
	if st == nil || isVoid(st) || dt == nil || isVoid(dt) {
		t.b.fail(as[2], "unsupported: %s of a size that is not a constant, from %s into %s", name, describeC(as[1].Type()), describeC(as[0].Type()))
	}
	dst := t.stableValue(as[0], p)
	from := t.stableValue(as[1], p)
	n := t.stableValue(as[2], p)
	if byteType(st) && byteType(dt) && name == "memcpy" {
		t.walkChars(charWalk{src: from, srcN: as[1], dst: dst, dstN: as[0], elem: st, limit: n}, p)
		return dst
	}
	// Every byte is read before any is written (memmove's objects may
	// overlap), and what the bytes make circ does not compute.
	if byteType(st) {
		t.walkChars(charWalk{src: from, srcN: as[1], elem: st, limit: n}, p)
	} else {
		t.readObjectPrefix(name, from, as[1], st, n, p)
	}
	if byteType(dt) {
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: name + ": the bytes it stores hold any values"})
		t.walkChars(charWalk{dst: dst, dstN: as[0], elem: dt, limit: n}, p)
		return dst
	}
	if s := t.b.packedIn(dt); s != "" {
		t.b.fail(as[2], "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	var cells []cellSpec
	t.b.layout(dt, "", 0, false, &cells)
	// Into an array element, a struct's member or a union's, a size
	// past the T is no error: circ would have to follow the copy out of
	// it.
	t.b.copyReaches = append(t.b.copyReaches, copyReach{c: t.c, loc: t.at(p), ptr: dst, cells: len(cells), size: dt.Size(), pos: p,
		what: fmt.Sprintf("%s of a size that is not a constant into %s", name, nodeText(as[0]))})
	t.choose(p,
		arm{cond: mkBin(cfa.Gt, n, num(dt.Size())), body: func() {
			t.undefined(p, fmt.Sprintf("%s of more bytes than sizeof(%s) into %s", name, describeC(dt), nodeText(as[0])))
		}},
		arm{cond: mkBin(cfa.Le, n, num(dt.Size()))})
	note := name + ": the bytes it copies into " + describeC(dt) + " hold values circ does not compute"
	for j, cs := range cells {
		if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" {
			t.b.fail(as[0], "unsupported: %s over %s", name, describeC(cs.typ))
		}
		t.choose(p, arm{cond: mkBin(cfa.Gt, n, num(cs.off)), body: func() {
			lv := t.atAddr(mkBin(cfa.Add, dst, num(int64(j))), cs.typ, as[0])
			t.update(lv, false, func(v *cfa.Var) cfa.Expr {
				lo, hi := t.b.rangeOf(cs.typ)
				// Bytes copied in whole may make an address.
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
				return nil
			})
		}}, arm{cond: mkBin(cfa.Le, n, num(cs.off))})
	}
	return dst
}

// readObjectPrefix reads, for a copy of n bytes (a run-time size) from
// from, an object of type st that is no byte, the cells of the st that
// the size reaches. Bytes past the st (a struct sockaddr that
// getaddrinfo hands out, of ai_addrlen bytes) circ has no cells for: in
// a library's object, which circ takes a library's st* to point to one
// st of, they are the library's, which no thread of the program
// accesses, an approximation the report lists; checkCopyReach rejects
// the copy where the source may be one of the program's objects.
func (t *tb) readObjectPrefix(name string, from cfa.Expr, src cc.Node, st cc.Type, n cfa.Expr, p cfa.Pos) {
	if s := t.b.packedIn(st); s != "" {
		t.b.fail(src, "unsupported: %s of %s, which gcc packs (cc/v4 lays it out unpacked)", name, s)
	}
	var cells []cellSpec
	t.b.layout(st, "", 0, false, &cells)
	for j, cs := range cells {
		if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" {
			t.b.fail(src, "unsupported: %s from %s", name, describeC(cs.typ))
		}
		t.choose(p, arm{cond: mkBin(cfa.Gt, n, num(cs.off)), body: func() {
			t.snapshot(t.load(t.atAddr(mkBin(cfa.Add, from, num(int64(j))), cs.typ, src)), cs.typ, p)
		}}, arm{cond: mkBin(cfa.Le, n, num(cs.off))})
	}
	past := fmt.Sprintf("%s of more bytes than sizeof(%s) from %s", name, describeC(st), nodeText(src))
	t.choose(p,
		arm{cond: mkBin(cfa.Gt, n, num(st.Size())), body: func() {
			t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: past + ": the bytes past it are a library's, which circ does not model"})
			t.b.copyReaches = append(t.b.copyReaches, copyReach{c: t.c, loc: t.at(p), ptr: from, source: true, cells: len(cells), size: st.Size(), pos: p, what: past})
		}},
		arm{cond: mkBin(cfa.Le, n, num(st.Size()))})
}

// copyReach is a copy of a run-time size whose reach the points-to
// analysis settles (checkCopyReach): at location loc of c, through the
// address ptr of a T of the given cells and size. The T must end its
// object, so that past it the object ends too: for a destination, a
// copy past it is then undefined behaviour, as the lowering makes it;
// for a source (a copy that may read past the T, readObjectPrefix),
// the object must also be a library's, whose bytes past the T circ
// takes for the library's own.
type copyReach struct {
	c      *cfa.CFA
	loc    int
	ptr    cfa.Expr
	source bool
	cells  int
	size   int64
	pos    cfa.Pos
	what   string
}

// checkCopyReach rejects a copy whose reach circ cannot follow
// (copyReach): through a pointer into an object that goes on after the
// T (an array element, a struct's member, a union's), or, for a
// source, into a program's object or an array of the library's (argv).
func (b *builder) checkCopyReach(r *pointsto.Result) {
	for _, cr := range b.copyReaches {
		if !r.Reachable(cr.c, cr.loc) {
			continue
		}
		vals := r.Eval(cr.ptr)
		if vals.Top {
			b.failAt(cr.pos, "unsupported: %s, which may point anywhere", cr.what)
		}
		for _, a := range vals.All() {
			o, i := b.prog.Memory.Find(a)
			switch {
			case o == nil:
				b.failAt(cr.pos, "unsupported: %s, which may point outside every object", cr.what)
			case cr.source && (o.Kind != cfa.ExternObject || o.Elements()):
				b.failAt(cr.pos, "unsupported: %s, which may point into %s", cr.what, o.Name)
			case !b.endsObject(o, i, cr.cells, cr.size):
				b.failAt(cr.pos, "unsupported: %s, which may point into %s, whose bytes go on after it", cr.what, o.Name)
			}
		}
	}
}

// endsObject reports whether the cells of object o from index i on are
// a T of the given cells and size that its bytes end with: no cell
// follows them, and none overlaps past them (a union's longer member).
func (b *builder) endsObject(o *cfa.Object, i, cells int, size int64) bool {
	if o.Elements() || i+cells != len(o.Cells) || i >= len(o.Cells) {
		return cells == 0 && i == len(o.Cells) && !o.Elements()
	}
	end := b.cells[o.Cells[i]].off + size
	for _, v := range o.Cells {
		ci := b.cells[v]
		if ci == nil || ci.off+b.cellTyp[v].Size() > end {
			return false
		}
	}
	return true
}

// external lowers a call to a function circ has neither a body nor a
// model for. circ assumes what a separately compiled library may do
// without the program's help: return any value of its type, call the
// functions it is given, perhaps from threads of its own, and read and
// overwrite the memory its pointer arguments reach (libraryArg). It
// cannot know the program's globals otherwise.
func (t *tb) external(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) cfa.Expr {
	t.cancellationPoint(name, p)
	if d := t.b.namedExtern(); d != nil && !t.b.havocUnknown {
		t.b.fail(x, "unsupported: undefined function %s may access %s, which the program declares extern at %s and does not define", name, d.Name(), t.b.pos(d))
	}
	// Evaluate every argument first (C does, before the call).
	type callback struct {
		fv cfa.Expr
		n  cc.ExpressionNode
	}
	var cbs []callback
	var ptrs []*libArg
	var names, cbNames []string
	ft, _ := x.PostfixExpression.Type().(*cc.FunctionType)
	if ft == nil {
		ft, _ = pointee(x.PostfixExpression.Type()).(*cc.FunctionType)
	}
	for i, a := range as {
		at := a.Type()
		switch {
		case isFunc(at) || isFunc(pointee(at)):
			cbs = append(cbs, callback{t.stableValue(a, p), a})
			cbNames = append(cbNames, nodeText(a))
		case isPtr(at) && opaqueLibraryType(pointee(at)):
			t.discardRead(a, p) // a stream: the library's own object
		case isPtr(at) && !isNull(a):
			if la := t.libraryArg(name, a, constPointee(ft, i), p); la != nil {
				ptrs = append(ptrs, la)
				names = append(names, nodeText(a))
			}
		case isInt(at):
			e := t.stableValue(a, p)
			t.b.libInts = append(t.b.libInts, libInt{e: e, pos: t.b.pos(a), name: name, text: nodeText(a)})
		case isFloat(at):
			t.discardRead(a, p)
		case isPtr(at):
			t.discardRead(a, p)
		case t.b.isStruct(at) && t.b.havocUnknown:
			for _, la := range t.libraryAggregate(name, a, p) {
				ptrs = append(ptrs, la)
				names = append(names, nodeText(a))
			}
		case t.b.isStruct(at):
			t.valueAggregate(name, a, p)
		default:
			t.b.fail(a, "unsupported: %s argument of undefined function %s", describe(at), name)
		}
	}
	externs := t.externDataReach(name, x)
	rt := x.Type()
	note := fmt.Sprintf("undefined function %s: assumed to return any value", name)
	if isPtr(rt) && byteType(pointee(rt)) {
		note = fmt.Sprintf("undefined function %s: assumed to return null or a string of the library's", name)
		if len(ptrs) > 0 {
			note += ", or any address in the objects its pointer arguments point into"
		}
	} else if isPtr(rt) && t.b.externable(pointee(rt)) {
		note = fmt.Sprintf("undefined function %s: assumed to return null, an object of its own of type %s, or one the program lets other files name", name, typeName(pointee(rt)))
		if len(ptrs) > 0 {
			note += ", or any address in the objects its pointer arguments point into"
		}
	}
	var reached []string
	if len(names) > 0 {
		verb := "points"
		if len(names) > 1 {
			verb = "point"
		}
		reached = append(reached, fmt.Sprintf("the objects %s %s into", strings.Join(names, " and "), verb))
	}
	if len(externs) > 0 {
		var ns []string
		for _, la := range externs {
			ns = append(ns, nodeText(la.n))
		}
		reached = append(reached, fmt.Sprintf("the globals the program declares extern and names (%s), which code circ does not see defines (--unknown-functions havoc)", strings.Join(ns, ", ")))
	}
	if len(reached) == 0 {
		note += " and to touch no memory of the program"
	} else {
		note += fmt.Sprintf(", to touch no memory of the program but %s (reading each cell, following each data pointer there to the object it points into and touching that alike, running the functions there in any number of new threads, and overwriting each cell that is not const: an integer with any value, a function pointer with null or the function it holds, a data pointer with the one it held, null or one of its own) and to keep no pointer", strings.Join(reached, " and "))
	}
	if t.b.havocUnknown && slices.ContainsFunc(ptrs, func(la *libArg) bool { return la.any }) {
		note += "; under --unknown-functions havoc it reaches the objects its untyped pointers (void, incomplete types) point into alike, and may clear an untyped pointer it reaches but not point it elsewhere"
	}
	if len(cbs) > 0 {
		note += fmt.Sprintf("; it may run %s in any number of new threads", strings.Join(cbNames, ", "))
	}
	t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: note})
	// Every thread the library may start first, so that each may run
	// beside every access the library makes.
	for _, cb := range cbs {
		t.spawnCallback(name, cb.fv, cb.n, 1, p)
	}
	ptrs = append(ptrs, externs...)
	for _, la := range ptrs {
		t.libraryReach(name, la, true, note, p)
	}
	for _, la := range ptrs {
		t.libraryReach(name, la, false, note, p)
	}
	if t.b.isStruct(rt) {
		// A struct returned by value: each member is a result of its
		// own (structCall takes the struct).
		l := t.structTemp(rt, name+"()", p)
		cells := leaves(l)
		if l.obj != nil {
			cells = nil
			for _, v := range l.obj.Cells {
				cells = append(cells, t.b.cells[v].l)
			}
		}
		for _, m := range cells {
			if m.bad != "" || m.v == nil || m.v.Kind != cfa.Data {
				t.b.fail(x, "unsupported: undefined function %s returns %s, which holds what circ cannot give any value", name, describe(rt))
			}
			t.undefinedResult(name, x, m.typ, ptrs, m.v, p)
		}
		t.structResults = append(t.structResults, structResult{x, l})
		return nil
	}
	if !want {
		return nil
	}
	res := t.temp(rt)
	t.undefinedResult(name, x, rt, ptrs, res, p)
	return ref(res)
}

// undefinedResult gives res, of type rt, a value undefined function name
// (called at x, given pointers ptrs) may return: null or a pointer of
// the library's, or into what it was given; a handle; any number.
func (t *tb) undefinedResult(name string, x *cc.PostfixExpression, rt cc.Type, ptrs []*libArg, res *cfa.Var, p cfa.Pos) {
	if isPtr(rt) && (t.b.externable(pointee(rt)) || byteType(pointee(rt))) {
		t.externPointer(pointee(rt), res, p)
		for _, la := range ptrs {
			// strchr, bsearch: a pointer into what it was given.
			t.choose(p, arm{body: func() {}}, arm{body: func() { t.libraryResult(la, res, p) }})
		}
		return
	}
	if pt := pointee(rt); isPtr(rt) && t.b.havocUnknown && t.b.isStruct(pt) && pt.(fieldList).IsIncomplete() {
		// A handle the program cannot look into: any value.
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Like: t.b.libraryHandle(pt, x), Pos: p, Note: "a handle of undefined function " + name + ": any value"})
		return
	}
	if !isInt(rt) && !isFloat(rt) {
		t.b.fail(x, "unsupported: undefined function %s returns %s", name, describe(rt))
	}
	lo, hi := t.b.rangeOf(rt)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: "result of undefined function " + name})
}

// opaqueLibraryType reports whether t is a type whose objects are the
// C library's own, which a program only holds pointers to: FILE and
// DIR (a library function passed one touches none of the program's
// memory through it).
func opaqueLibraryType(t cc.Type) bool {
	switch tagName(t) {
	case "_IO_FILE", "__dirstream":
		return true
	}
	return false
}

// constPointee reports whether parameter i of the prototype ft is a
// pointer to const (the library promises to only read through it).
func constPointee(ft *cc.FunctionType, i int) bool {
	if ft == nil {
		return false
	}
	ps := realParams(ft)
	return i < len(ps) && isPtr(ps[i].Type()) && pointee(ps[i].Type()).Attributes().IsConst()
}

// spawnCallback lowers a library's use of the function pointer value fv
// (the source n) it was given: it may run the function, with unknown
// arguments for the at most params it takes, in any number of new
// threads. A value that is no function (null, garbage) runs nothing.
func (t *tb) spawnCallback(name string, fv cfa.Expr, n cc.Node, params int, p cfa.Pos) {
	if k, ok := fv.(cfa.Const); ok && !t.b.isFuncAddr(k.Val) {
		return // null, SIG_IGN, SIG_DFL: no function
	}
	t.loop(p, func() {
		t.funcChoice(fv, n, true, func(ft *cc.FunctionType) bool { return len(realParams(ft)) <= params }, func(fd *cc.FunctionDefinition) {
			ps := realParams(fd.Declarator.Type().(*cc.FunctionType))
			if len(ps) > 1 {
				t.b.unknownParams[t.b.template(fd)] = true // its prologue gives the rest
			}
			var arg cfa.Expr
			if len(ps) > 0 {
				// Any value the library holds: for a pointer, any
				// address (a dereference is rejected).
				v := t.temp(ps[0].Type())
				var lo, hi cfa.Expr
				if isInt(ps[0].Type()) {
					lo, hi = t.b.rangeOf(ps[0].Type()) // a signal's number
				}
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: name + " passes an unknown argument"})
				arg = ref(v)
			}
			t.add(&cfa.Edge{Kind: cfa.Create, Template: t.b.template(fd), Arg: arg, Pos: p})
		})
	})
}

// isFuncAddr reports whether a is a function's address.
func (b *builder) isFuncAddr(a int64) bool {
	o, _ := b.prog.Memory.Find(a)
	return o != nil && o.Kind == cfa.FuncObject && a == o.Base
}
