package cfront

// Unions as overlapping cells. A union's members are laid out one after
// the other, as a struct's are (layout), so that each member has cells
// of its own type and pointer arithmetic inside a member moves as it
// does in any object of that type. The members' bytes overlap in C, so
// a write of a member writes the others where they overlap it: after
// every edge that writes a cell of a union member, clobberUnions adds a
// write of each cell of another member that overlaps it in bytes:
//   - a cell of the same offset and size that holds an integer or a
//     pointer (a twin: `int fd` and `unsigned u32`, two function
//     pointers) receives the written value, converted to its type, as
//     the bytes C shares give it;
//   - a cell inside the written one's bytes receives 0 when the written
//     value is the constant 0 (memset, a zero initializer);
//   - any other receives an arbitrary value of its type: circ's values
//     are not bytes.
// So a member reads what was last written through it, or through a
// twin, and an arbitrary value after another member overwrote its bytes;
// and since the extra writes are accesses of the thread that wrote, a
// write of one member conflicts with every access of another that
// overlaps it, which is C11's rule (one memory location), and two reads
// never do. A copy of a whole union (a struct assignment) writes every
// cell itself and needs no extra write (wholeCopy). Members that would
// overlap a synchronization object, a thread handle or an atomic cell
// are rejected where used: circ has no arbitrary value for those.

import (
	"fmt"
	"strings"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// unionArm places a cell below a union: the union's path in the object
// and the index of the member the cell lies in.
type unionArm struct {
	union  string
	member int
}

// overlaps reports whether cells a and b share bytes: they lie in two
// members of one union and their byte ranges intersect.
func overlaps(a, b cellSpec) bool {
	for k := 0; k < len(a.arms) && k < len(b.arms) && a.arms[k].union == b.arms[k].union; k++ {
		if a.arms[k].member != b.arms[k].member {
			return a.off < b.off+b.typ.Size() && b.off < a.off+a.typ.Size()
		}
	}
	return false
}

// layoutUnion lays out the members of union type ut (at path and byte
// offset off) one after the other, each marked with its arm. A member
// cell circ cannot give an arbitrary value (a synchronization object, a
// handle, an atomic cell) that overlaps another member makes every cell
// of the union an error where used.
func (b *builder) layoutUnion(ut fieldList, path string, off int64, atomic bool, out *[]cellSpec) {
	start := len(*out)
	for i := 0; i < ut.NumFields(); i++ {
		from := len(*out)
		b.layoutField(ut.FieldByIndex(i), path, off, atomic, out)
		for k := from; k < len(*out); k++ {
			cs := &(*out)[k]
			cs.arms = append([]unionArm{{path, i}}, cs.arms...)
		}
	}
	specs := (*out)[start:]
	bad := ""
	for i, a := range specs {
		for _, c := range specs[i+1:] {
			if a.bad != "" || c.bad != "" || !overlaps(a, c) {
				continue
			}
			for _, s := range []cellSpec{a, c} {
				if k, _ := b.classify(s.typ); k != cfa.Data || s.atomic {
					bad = fmt.Sprintf("unsupported: union member %s overlaps another member, and circ cannot give %s an arbitrary value", s.path, describeC(s.typ))
				}
			}
		}
	}
	if bad != "" {
		for k := range specs {
			if specs[k].bad == "" {
				specs[k].bad = bad
			}
		}
	}
}

// overlap is a cell another cell's write also writes (clobberUnions).
type overlap struct {
	v   *cfa.Var
	typ cc.Type
	// twin: same offset and size, both integers or pointers: it
	// receives the written value. inside: its bytes lie in the
	// written cell's, shift bytes from its start, so a written
	// constant gives it the value of those bytes.
	twin, inside bool
	shift        int64
	// same: a bit-field of the same memory location (bitfields.go),
	// whose value the write keeps.
	same bool
}

// noteOverlaps records, for the cells vars made from specs (one each, in
// order), the cells of other union members each one's write overlaps.
func (b *builder) noteOverlaps(specs []cellSpec, vars []*cfa.Var) {
	for i, a := range specs {
		b.noteBitFieldRun(specs, vars, i)
		if len(a.arms) == 0 || a.bad != "" || vars[i] == nil {
			continue
		}
		for j, c := range specs {
			if i == j || c.bad != "" || vars[j] == nil || !overlaps(a, c) {
				continue
			}
			o := overlap{v: vars[j], typ: c.typ, inside: a.off <= c.off && c.off+c.typ.Size() <= a.off+a.typ.Size(), shift: c.off - a.off}
			o.twin = a.off == c.off && a.typ.Size() == c.typ.Size() && valueCell(a.typ) && valueCell(c.typ)
			if a.bitField != nil || c.bitField != nil {
				// Bits, not bytes: the other member holds any value.
				o.twin, o.inside = false, false
			}
			b.overlapping[vars[i]] = append(b.overlapping[vars[i]], o)
		}
	}
}

// valueCell reports whether a cell of type t holds its bytes' value as
// circ computes it: an integer (not _Bool, whose other bytes are no
// value) or a pointer.
func valueCell(t cc.Type) bool {
	return (isInt(t) && t.Kind() != cc.Bool) || isPtr(t)
}

// noteStructOverlaps is noteOverlaps for struct local l of type typ,
// whose leaves are its cells in layout order.
func (b *builder) noteStructOverlaps(typ cc.Type, l *local) {
	var specs []cellSpec
	b.layout(typ, "", 0, false, &specs)
	ls := leaves(l)
	if len(ls) != len(specs) {
		return // no union below: struct locals hold no arrays
	}
	vars := make([]*cfa.Var, len(ls))
	for i, f := range ls {
		if f.bad == "" && specs[i].bad != "" {
			f.bad = specs[i].bad // a member overlapping a mutex (layoutUnion)
		}
		if f.bad == "" {
			vars[i] = f.v
		}
	}
	b.noteOverlaps(specs, vars)
}

// wholeCopy collects the cell writes of one copy or initialization of
// an object, so that the writes of a union it writes whole need no
// extra writes (clobberUnions): a write whose every overlapping cell
// the copy writes too leaves the union as consistent as its source.
type wholeCopy struct {
	c     *cfa.CFA
	edges []*cfa.Edge
	wrote map[*cfa.Var]bool
}

func newWholeCopy(c *cfa.CFA) *wholeCopy {
	return &wholeCopy{c: c, wrote: map[*cfa.Var]bool{}}
}

// write records that the copy wrote cell v with an edge added since c
// had since edges (or the one before: assignTo may make the edge that
// computed the value write v).
func (w *wholeCopy) write(v *cfa.Var, since int) {
	for i := len(w.c.Edges) - 1; i >= max(since-1, 0); i-- {
		if e := w.c.Edges[i]; e.LHS == v {
			w.edges = append(w.edges, e)
			break
		}
	}
	w.wrote[v] = true
}

// done marks the recorded writes whose overlapping cells the copy all
// wrote.
func (w *wholeCopy) done(b *builder) {
	for _, e := range w.edges {
		all := true
		for _, o := range b.overlapping[e.LHS] {
			all = all && w.wrote[o.v]
		}
		if all {
			b.whole[e] = true
		}
	}
}

// clobberUnions adds after each edge that writes a cell of a union
// member, and that it has not seen, the writes of the cells that
// overlap it (see the package comment of this file).
func (b *builder) clobberUnions() {
	if len(b.overlapping) == 0 {
		return
	}
	for _, c := range b.prog.Templates {
		for _, e := range c.Edges {
			if b.clobbered[e] || b.whole[e] || e.LHS == nil || (e.Kind != cfa.Assign && e.Kind != cfa.Havoc && e.Kind != cfa.TryLock) {
				continue
			}
			b.clobbered[e] = true
			ovs := b.overlapping[e.LHS]
			for i := len(ovs) - 1; i >= 0; i-- {
				w := b.clobber(e, ovs[i])
				b.clobbered[w] = true
				insertAfter(c, e, w)
			}
		}
	}
}

// clobber is the write of overlapping cell o that edge e's write makes.
func (b *builder) clobber(e *cfa.Edge, o overlap) *cfa.Edge {
	note := fmt.Sprintf("the write of %s writes %s: union members share their bytes", e.LHS.CName, o.v.CName)
	w := &cfa.Edge{Kind: cfa.Assign, LHS: o.v, Pos: e.Pos, Note: note}
	k, isConst := e.RHS.(cfa.Const)
	isConst = isConst && e.Kind == cfa.Assign && o.inside && (k.Val == 0 || !b.prog.Memory.IsAddr(k.Val))
	switch {
	case o.same:
		w.Note = fmt.Sprintf("the write of %s writes %s: adjacent bit-fields are one memory location", e.LHS.CName, o.v.CName)
		w.RHS = ref(o.v)
	case o.twin:
		w.RHS = ref(e.LHS)
		if to := o.v.Int; to.Valid() && e.LHS.Int.Valid() && to != e.LHS.Int {
			w.RHS = cfa.Unary{Op: cfa.ConvOp(to), X: w.RHS}
		}
	case isConst && k.Val == 0:
		w.RHS = num(0)
	case isConst && bytesOf(k.Val, o) != nil:
		w.RHS = bytesOf(k.Val, o)
	default:
		w.Kind = cfa.Havoc
		w.Lo, w.Hi = b.rangeOf(o.typ)
		switch {
		case isFloat(o.typ):
			// The written bytes become a floating-point value's: no
			// address may enter floating point (checkFloatSources).
			b.floatSources = append(b.floatSources, floatSource{ref(e.LHS), e.Pos, e.LHS.SourceName()})
		case b.floatSet[e.LHS] && b.floatsOpaque:
			// A floating-point value's bytes read as an integer: a
			// conversion (opaqueFloats).
			opaqueConversion(w)
		}
	}
	return w
}

// unionBytes is what an initializer gives the bytes of the unions in an
// object: the byte ranges the unions span, and the bytes of each integer
// constant the initializer writes there (every other byte is zero).
type unionBytes struct {
	spans   [][2]int64
	bytes   map[int64]byte
	nonZero *cc.Initializer // the first initializer of a non-zero value
}

// unionImage lays out the constants initializer init (of an object of
// type typ) writes into the unions the object holds, each in the bytes
// of the type it initializes, least significant first (x86-64). An
// initializer there that is no integer constant (an address, a
// floating-point value) is rejected: its bytes are no value circ knows.
func (b *builder) unionImage(typ cc.Type, init *cc.Initializer) *unionBytes {
	u := &unionBytes{bytes: map[int64]byte{}}
	if init == nil || init.Case != cc.InitializerInitList {
		return u
	}
	var walk func(t cc.Type, off int64)
	walk = func(t cc.Type, off int64) {
		switch {
		case t.Kind() == cc.Union && b.isStruct(t):
			u.spans = append(u.spans, [2]int64{off, off + t.Size()})
		case isArray(t):
			at := t.(*cc.ArrayType)
			for i := int64(0); i < at.Len(); i++ {
				walk(at.Elem(), off+i*at.Elem().Size())
			}
		case b.isStruct(t):
			st, _ := fieldsOf(t)
			for i := 0; i < st.NumFields(); i++ {
				if f := st.FieldByIndex(i); f != nil && !f.IsBitfield() {
					walk(f.Type(), off+f.Offset())
				}
			}
		}
	}
	walk(typ, 0)
	if len(u.spans) == 0 {
		return u
	}
	inspect(init, func(n any) bool {
		x, ok := n.(*cc.Initializer)
		if !ok || x.Case != cc.InitializerExpr || !u.covers(x.Offset()) {
			return true
		}
		v, isConst := intValue(x.AssignmentExpression.Value())
		if !isConst || hasSE(x.AssignmentExpression) || x.Len() > 1 || !isInt(x.Type()) && !(isPtr(x.Type()) && v == 0) {
			b.fail(x, "unsupported: initializer of a union member other than an integer constant (circ gives a union's members their value from its bytes)")
		}
		if v != 0 && u.nonZero == nil {
			u.nonZero = x
		}
		if f := x.Field(); f != nil && f.IsBitfield() {
			for k := int64(0); k < f.ValueBits(); k++ {
				at := int64(f.OffsetBits()) + k
				byteAt, mask := x.Offset()+at/8, byte(1)<<(at%8)
				if uint64(v)>>k&1 != 0 {
					u.bytes[byteAt] |= mask
				} else {
					u.bytes[byteAt] &^= mask
				}
			}
			return true
		}
		for k := int64(0); k < x.Type().Size(); k++ {
			u.bytes[x.Offset()+k] = byte(uint64(v) >> (8 * k))
		}
		return true
	})
	return u
}

// covers reports whether byte offset off lies in a union.
func (u *unionBytes) covers(off int64) bool {
	for _, s := range u.spans {
		if off >= s[0] && off < s[1] {
			return true
		}
	}
	return false
}

// value is what cell of type typ at byte offset off (holding bit-field
// bf, if not nil) reads from the bytes: an integer or a pointer from its
// bytes, least significant first, a bit-field from its bits; a _Bool's
// byte must be 0 or 1 and a pointer's value no address, or the cell is
// rejected at n.
func (u *unionBytes) value(off int64, typ cc.Type, bf *cc.Field, b *builder, n cc.Node) int64 {
	var raw uint64
	if bf != nil {
		for k := bf.ValueBits() - 1; k >= 0; k-- {
			at := int64(bf.OffsetBits()) + k
			raw = raw<<1 | uint64(u.bytes[off+at/8]>>(at%8)&1)
		}
		if v, ok := (cfa.IntType{Bits: uint8(bf.ValueBits()), Signed: intTypeOf(b.canon(typ)).Signed}).Wrap(int64(raw)); ok && typ.Kind() != cc.Bool {
			return v
		}
	}
	for k := typ.Size() - 1; bf == nil && k >= 0; k-- {
		raw = raw<<8 | uint64(u.bytes[off+k])
	}
	switch {
	case raw == 0 || isFloat(typ):
		return 0 // a floating-point value is opaque (float.go)
	case typ.Kind() == cc.Bool && raw == 1:
		return 1
	case isInt(typ) && typ.Kind() != cc.Bool:
		if v, ok := intTypeOf(b.canon(typ)).Wrap(int64(raw)); ok {
			return v
		}
	case isPtr(typ) && int64(raw) > 0 && !b.prog.Memory.IsAddr(int64(raw)):
		return int64(raw)
	}
	b.fail(n, "unsupported: union member of %s whose initialized bytes are no value of its type", describeC(typ))
	return 0
}

// restoreUnionInits follows the initialization of an object in
// automatic storage, whose cells vars are laid out as specs: each cell
// of a union member the initializer names is written again, outside the
// initialization's whole copy, so that clobberUnions gives the cells of
// the other members what their bytes hold. (The initialization gave
// every cell the initializer at its offset, which is their value only
// for zero bytes.) An initializer with side effects there would run
// twice: it is rejected.
func (t *tb) restoreUnionInits(specs []cellSpec, vars []*cfa.Var, init *cc.Initializer, p cfa.Pos) {
	if init == nil || init.Case != cc.InitializerInitList {
		return
	}
	for i, cs := range specs {
		if len(cs.arms) == 0 || cs.bad != "" || vars[i] == nil || vars[i].Kind != cfa.Data {
			continue
		}
		li := t.b.leafInit(init, cs.off, cs.typ, cs.bitField, "", "")
		if li == nil || li.AssignmentExpression == nil || li.Field() == nil || !strings.HasSuffix(cs.path, "."+li.Field().Name()) {
			continue
		}
		if hasSE(li.AssignmentExpression) {
			t.b.fail(li, "unsupported: initializer of a union member with side effects")
		}
		if k, ok := intValue(li.AssignmentExpression.Value()); ok && k == 0 {
			continue
		}
		t.set(vars[i], ref(vars[i]), p)
	}
}

// bytesOf is the value that integer cell o, inside a cell written the
// constant k (no address), reads from its bytes: a constant's bytes are
// its two's complement, least significant first (x86-64). nil if o is
// no integer or cannot hold the value.
func bytesOf(k int64, o overlap) cfa.Expr {
	if !isInt(o.typ) || !o.v.Int.Valid() || o.v.Bool {
		return nil
	}
	if v, ok := o.v.Int.Wrap(k >> (8 * o.shift)); ok {
		return num(v)
	}
	return nil
}

// insertAfter makes edge e reach its target through a new location and
// edge post.
func insertAfter(c *cfa.CFA, e, post *cfa.Edge) {
	from := c.Locs[e.From]
	l := c.NewLoc(from.Atomic, e.Pos)
	c.Locs[l].Handler = from.Handler
	post.From, post.To, e.To = l, e.To, l
	c.Edges = append(c.Edges, post)
}
