package cfront

// External memory: the objects of code circ has no body for. An
// undefined function that returns a T* hands out a pointer circ cannot
// follow into the library: null, an object of type T the library owns,
// a T inside another object it owns (a struct S inside a struct T: the
// library may return &t->s), or a T of the program that other files
// can name (a global with external linkage). The library's objects of
// each type are one summary object (cfa.Memory): unboundedly many
// instances, one of them tracked, whose number is a symbolic constant
// fixed at the start. An access through a pointer into a summary is a
// choice between the tracked instance's cell (an ordinary variable, a
// race target) and a scratch copy with an arbitrary value whose writes
// are dropped (every other instance). The library is passive: its
// objects hold arbitrary values at the start and change only when the
// program writes them.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// externKey collects the kinds of the mutexes in library objects: any.
type externKey struct{}

// externable reports whether circ summarizes the library's objects of
// type t: complete structs and scalars wider than a byte (a char* is a
// string, whose cells circ does not lay out).
func (b *builder) externable(t cc.Type) bool {
	switch {
	case t == nil || isVoid(t) || isFunc(t) || isArray(t):
		return false
	case b.isStruct(t):
		_, bad := b.cellCount(t)
		return bad == ""
	case isInt(t):
		return t.Size() > 1
	}
	return isPtr(t)
}

// headerDirs tell the library's headers from the program's: the
// include directories of the compiler and of circ hold the library's,
// those the user names (-I) and the file's own directory the program's.
type headerDirs struct {
	library, program []string
}

// libraryHeader reports whether file, as a position names it, is one of
// the library's headers. A directory the user names wins over the
// compiler's that contains it.
func (h headerDirs) libraryHeader(file string) bool {
	under := func(dirs []string) bool {
		for _, d := range dirs {
			if d = filepath.Clean(d); d != "." && (file == d || strings.HasPrefix(file, d+string(filepath.Separator))) {
				return true
			}
		}
		return false
	}
	file = filepath.Clean(file)
	return !under(h.program) && under(h.library)
}

// scanExternData collects the globals the program declares extern and
// does not define (defined), at file scope (gdecls) or in a block,
// except the library's: those its headers declare, and the C library's
// own, which a preprocessed or combined file declares itself. What the
// library does with those is its business; the program's live in code
// circ does not see (externalCall). The globals its code names are
// namedExterns, and under --unknown-functions havoc they are in memory,
// where an undefined function reaches them (externDataReach).
func (b *builder) scanExternData(order []string, defined map[string]bool) {
	seen := map[string]bool{}
	add := func(d *cc.Declarator) {
		name := d.Name()
		if seen[name] || defined[name] || libcGlobals[name] || b.inLibraryHeader(d) {
			return
		}
		if _, hw := b.mcu.registerOf(d); hw {
			return // hardware, not memory (mcu.go)
		}
		seen[name] = true
		b.externData = append(b.externData, d)
	}
	for _, name := range order {
		add(b.gdecls[name])
	}
	b.namedExterns = map[string]*cc.PrimaryExpression{}
	Walk(b.ast.TranslationUnit, func(n any, _ []any) bool {
		switch x := n.(type) {
		case *cc.Declarator:
			if x.IsExtern() && !x.IsTypename() && x.Type() != nil && x.Type().Kind() != cc.Function && !b.isFileScope(x) {
				add(x)
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent && seen[x.Token.SrcStr()] && b.namedExterns[x.Token.SrcStr()] == nil {
				b.namedExterns[x.Token.SrcStr()] = x
			}
		}
		return true
	})
	if !b.havocUnknown {
		return
	}
	for _, d := range b.externData {
		if b.namedExterns[d.Name()] != nil {
			b.addrTaken[b.objKey(d)] = true
		}
	}
}

// inLibraryHeader reports whether the library's headers declare d: the
// header a position names, or, in a generated file (a combined .c), the
// one its line directives say the text comes from. The checked file's
// own text is the program's.
func (b *builder) inLibraryHeader(d *cc.Declarator) bool {
	p := b.pos(d)
	f := p.File
	if p.OrigFile != "" {
		f = p.OrigFile
	}
	return f != b.file && b.headers.libraryHeader(f)
}

// namedExtern returns the first global of externData the program's code
// names, or nil.
func (b *builder) namedExtern() *cc.Declarator {
	for _, d := range b.externData {
		if b.namedExterns[d.Name()] != nil {
			return d
		}
	}
	return nil
}

// externDataReach is, for undefined function name called at x under
// --unknown-functions havoc, a pointer argument to each global the
// program declares extern and names (scanNamedExterns), written as the
// program names it: the library that defines the global may read and
// write it in any call.
func (t *tb) externDataReach(name string, x *cc.PostfixExpression) []*libArg {
	var out []*libArg
	for _, d := range t.b.externData {
		use := t.b.namedExterns[d.Name()]
		if use == nil {
			continue
		}
		t.lookup(d, x)
		o := t.b.objects[t.b.objKey(d)]
		if o == nil {
			t.b.fail(x, "internal error: extern global %s is not in memory", d.Name())
		}
		if la := t.libArgAt(name, use, d.Type(), func() cfa.Expr { return num(o.Base) }, false); la != nil {
			out = append(out, la)
		}
	}
	return out
}

// scanExternResults creates, before lowering, the summaries of the types
// undefined functions return pointers to, and puts in memory the
// globals with external linkage that hold an object of such a type: the
// library may return their address.
func (b *builder) scanExternResults() {
	defer func() { b.scanned = true }()
	for _, r := range b.preExterns {
		b.externObject(r.typ, r.n)
	}
	Walk(b.ast.TranslationUnit, func(n any, _ []any) bool {
		x, pe := directCall(n)
		if x == nil {
			return true
		}
		if d, ok := pe.ResolvedTo().(*cc.Declarator); !ok || !isFunc(d.Type()) || b.funcs[pe.Token.SrcStr()] != nil {
			return true
		}
		if _, ok := ctypeTables[pe.Token.SrcStr()]; ok {
			return true // the library's own tables (ctype.go)
		}
		if pt := pointee(x.Type()); isPtr(x.Type()) && b.externable(pt) {
			b.externObject(pt, x)
		}
		return true
	})
	for _, d := range b.linkedGlobals() {
		for _, o := range b.externs {
			if len(b.positions(d.Type(), b.externType[o])) > 0 {
				b.addrTaken[b.objKey(d)] = true
			}
		}
	}
}

// externReq is a type of library objects a pass needs, and where.
type externReq struct {
	typ cc.Type
	n   cc.Node
}

// externObject returns the summary of the library's objects of type
// typ, creating it, and those its pointer cells point into, on first
// use.
func (b *builder) externObject(typ cc.Type, n cc.Node) *cfa.Object {
	key := typeKey(typ)
	if o := b.externByType[key]; o != nil {
		return o
	}
	if b.scanned {
		// Too late for the pointers lowered so far: the next pass
		// creates it first.
		b.lateExterns = append(b.lateExterns, externReq{typ, n})
	}
	// No spaces: the name is a race target --var and expectations take.
	name := "extern(" + strings.ReplaceAll(key, " ", "_") + ")"
	pos := b.pos(n)
	o := b.newObject(cfa.ExternObject, name, typ, pos, nil, n, func(cs cellSpec) *local {
		l := b.dynamicCell(name, cs, pos, externKey{})
		if l.v.Kind != cfa.Data && l.v.Kind != cfa.Mutex {
			l.bad = fmt.Sprintf("unsupported: %s in memory of a library (%s)", describeC(cs.typ), name+cs.path)
		}
		return l
	})
	o.Instance = &cfa.Var{Name: b.unique(name + "::instance"), Global: true, Kind: cfa.Sync, CName: name + "::instance", Pos: pos}
	b.prog.Globals = append(b.prog.Globals, o.Instance)
	b.mutexKinds[externKey{}] = allKinds
	b.externByType[key] = o
	b.externType[o] = typ
	b.externs = append(b.externs, o)
	for _, v := range o.Cells {
		if ct := b.cellTyp[v]; isPtr(ct) && b.externable(pointee(ct)) {
			b.externObject(pointee(ct), n)
		}
	}
	return o
}

// libraryHandle is what a pointer to incomplete type typ that an
// undefined function returns may point to, under Options.HavocUnknown:
// a handle the program cannot look into (its type has no layout). The
// result is any value, so that two handles may be equal or not and
// null or not; for the points-to analysis it is the address of one
// object without cells per type, which a library's reach skips
// (unarmed): the returned variable stands for it (cfa.Edge.Like).
func (b *builder) libraryHandle(typ cc.Type, n cc.Node) *cfa.Var {
	key := typeKey(typ)
	if v := b.handles[key]; v != nil {
		return v
	}
	name := b.unique("extern(" + strings.ReplaceAll(key, " ", "_") + ")")
	o := b.prog.Memory.NewObject(&cfa.Object{Name: name, Kind: cfa.ExternObject, Pos: b.pos(n)})
	v := &cfa.Var{Name: b.unique(name + "::handle"), Global: true, Kind: cfa.Sync, CName: name + "::handle", Pos: o.Pos, Init: o.Base}
	b.prog.Globals = append(b.prog.Globals, v)
	b.handles[key] = v
	return v
}

// typeKey names the objects of type t that a library's pointer may
// reach, whatever typedef spells it: a struct by its tag, a scalar by
// what a cell of it may be accessed as (compatible).
func typeKey(t cc.Type) string {
	switch {
	case t.Kind() == cc.Struct || t.Kind() == cc.Union:
		st, _ := fieldsOf(t)
		if tag := st.Tag(); tag.SrcStr() != "" {
			return aggregateKeyword(t) + " " + tag.SrcStr()
		}
		return t.String()
	case t.Kind() == cc.Bool:
		return "_Bool"
	case isInt(t):
		if t.Size() == 1 {
			return "char"
		}
		return map[int64]string{2: "short", 4: "int", 8: "long"}[t.Size()]
	case typedPointer(t):
		// A library's char ** points to char *s, not to int *s.
		return "pointer to " + typeKey(pointee(t))
	}
	return "pointer"
}

// typedPointer reports whether t points to objects of a type (not
// void, not a function).
func typedPointer(t cc.Type) bool {
	pt := pointee(t)
	return isPtr(t) && pt != nil && !isVoid(pt) && !isFunc(pt)
}

// typeName names type t as a declaration would: "struct s", "int",
// a typedef's name.
func typeName(t cc.Type) string {
	if st, ok := fieldsOf(t); ok {
		if tag := st.Tag(); tag.SrcStr() != "" {
			return aggregateKeyword(t) + " " + tag.SrcStr()
		}
	}
	if td := t.Typedef(); td != nil {
		return td.Name()
	}
	return describeC(t)
}

// positions lists the cell indexes at which an object of type t holds
// an object of type want (itself, a member, an element, at any depth).
func (b *builder) positions(t, want cc.Type) []int64 {
	var out []int64
	var walk func(t cc.Type, at int64)
	walk = func(t cc.Type, at int64) {
		if sameType(b, t, want) {
			out = append(out, at)
		}
		switch {
		case isArray(t):
			at2 := t.(*cc.ArrayType)
			k, bad := b.cellCount(at2.Elem())
			if bad != "" {
				return
			}
			for i := int64(0); i < at2.Len(); i++ {
				walk(at2.Elem(), at+i*k)
			}
		case b.isStruct(t):
			st, _ := fieldsOf(t)
			for i := 0; i < st.NumFields(); i++ {
				f := st.FieldByIndex(i)
				if f == nil || f.Name() == "" || f.IsBitfield() || f.IsFlexibleArrayMember() {
					continue
				}
				off, _ := b.fieldOffset(t, f.Name(), nil)
				if _, bad := b.cellCount(f.Type()); bad == "" {
					walk(f.Type(), at+off)
				}
			}
		}
	}
	walk(t, 0)
	return out
}

// sameType reports whether an object of type t is one of type want:
// the same struct, or scalars a cell of t may be accessed as.
func sameType(b *builder, t, want cc.Type) bool {
	if b.isStruct(t) || b.isStruct(want) {
		return b.isStruct(t) && b.isStruct(want) && (t == want || typeKey(t) == typeKey(want))
	}
	if isArray(t) || isArray(want) {
		return false
	}
	if typedPointer(t) && typedPointer(want) {
		// A char * is no char **: C lets neither be read as the
		// other, though circ's cells hold both.
		return typeKey(t) == typeKey(want)
	}
	return compatible(b, t, want)
}

// externTarget is one place a library's pointer of some type may point
// to: a cell of an ordinary object, or of a summary's instances.
type externTarget struct {
	obj  *cfa.Object
	addr int64 // the cell's address (the representative's, for a summary)
}

// externTargets lists where a library's pointer to pt may point.
func (b *builder) externTargets(pt cc.Type) []externTarget {
	var out []externTarget
	for _, o := range b.externs {
		for _, k := range b.positions(b.externType[o], pt) {
			out = append(out, externTarget{o, o.Base + k})
		}
	}
	for _, d := range b.linkedGlobals() {
		o := b.objects[b.objKey(d)]
		if o == nil {
			continue
		}
		for _, k := range b.positions(d.Type(), pt) {
			out = append(out, externTarget{o, o.Base + k})
		}
	}
	return out
}

// linkedGlobals lists, by name, the globals other files can name (with
// external linkage): a library may return their addresses.
func (b *builder) linkedGlobals() []*cc.Declarator {
	var out []*cc.Declarator
	for _, d := range b.gdecls {
		if !d.IsStatic() && !d.IsThreadLocal() && d.Type() != nil {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// checkLibraryStores rejects a program that stores into a library's
// object the address of an object other files cannot name: circ assumes
// a library hands out only its own objects and such globals, which a
// library that returned the stored address would break.
func (b *builder) checkLibraryStores(r *pointsto.Result) {
	named := map[*cfa.Object]bool{}
	for _, d := range b.linkedGlobals() {
		named[b.objects[b.objKey(d)]] = true
	}
	for _, o := range b.externs {
		for _, v := range o.Cells {
			for _, a := range r.Values(v).All() {
				if t, _ := b.prog.Memory.Find(a); t != nil && t.Kind != cfa.ExternObject && t.Kind != cfa.FuncObject && !named[t] {
					b.failAt(o.Pos, "unsupported: the program stores the address of %s into %s, memory of a library (circ assumes a library never hands it back)", t.Name, v.CName)
				}
			}
		}
	}
}

// libraryStrings returns the library's strings, creating them on first
// use: the chars of every string a library function hands out (getenv,
// strerror, a hostent's h_name), as one element summary of chars of
// unbounded length, extern(string), whose chars hold any values (a 0
// anywhere). It tracks one char, any of them, a race target like the
// others the library owns; a pointer into it is a position in it.
func (b *builder) libraryStrings(pos cfa.Pos) *cfa.Object {
	if b.libStrings != nil {
		return b.libStrings
	}
	const name = "extern(string)"
	o := &cfa.Object{Name: name, Kind: cfa.ExternObject, Pos: pos}
	b.libStrings = b.elementSummary(o, b.ast.Char, false, func(cs cellSpec) *local {
		return b.dynamicCell(name, cs, pos, externKey{})
	})
	o.Len.Init = cfa.RegionSize / 2
	return o
}

// byteType reports whether t is a char type: a pointer to it is a
// string.
func byteType(t cc.Type) bool {
	return t != nil && isInt(t) && t.Size() == 1
}

// libraryString sets res to null or a pointer into the library's
// strings (libraryStrings).
func (t *tb) libraryString(res *cfa.Var, p cfa.Pos) {
	o := t.b.libraryStrings(p)
	t.choose(p,
		arm{body: func() { t.set(res, num(0), p) }},
		arm{body: func() {
			j := t.temp(nil)
			// Far from the end: a string there ends before it.
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: num(o.Len.Init / 2), Pos: p, Note: "a string of the library"})
			t.set(res, mkBin(cfa.Add, num(o.Base), ref(j)), p)
		}})
}

// externPointer sets res to a pointer to pt a library may hand out.
func (t *tb) externPointer(pt cc.Type, res *cfa.Var, p cfa.Pos) {
	if byteType(pt) {
		t.libraryString(res, p)
		return
	}
	arms := []arm{{body: func() { t.set(res, num(0), p) }}}
	for _, tg := range t.b.externTargets(pt) {
		tg := tg
		arms = append(arms, arm{body: func() {
			if !tg.obj.Summary() {
				t.set(res, num(tg.addr), p)
				return
			}
			n := t.temp(nil)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: n, Lo: num(0), Pos: p, Note: "which object of " + tg.obj.Name})
			t.set(res, mkBin(cfa.Add, num(tg.addr), mkBin(cfa.Mul, ref(n), num(cfa.InstanceStride))), p)
		}})
	}
	t.choose(p, arms...)
}

// externPrologue makes main start by choosing the tracked instance of
// each summary and giving the cells of a library's object the arbitrary
// values it may hold (a heap summary's are set when it is allocated).
func (b *builder) externPrologue() {
	summaries := false
	for _, o := range b.prog.Memory.Objects {
		summaries = summaries || (o.Kind != cfa.ExternObject && o.Summary()) || o.Elements()
	}
	if len(b.externs) == 0 && !summaries {
		return
	}
	t := b.mainTB
	p := t.c.Pos
	start := t.newLoc(p)
	t.setDepth(start, 0, p)
	t.cur, t.d = start, 0
	for _, o := range b.prog.Memory.Objects {
		switch {
		case o.FixedLen():
			// An array summary (arraySummary): its length is constant.
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: o.Instance, Lo: num(0), Hi: num(o.Len.Init - 1), Pos: p, Note: "the element of " + o.Name + " circ tracks"})
		case o.Elements():
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: o.Instance, Lo: num(0), Pos: p, Note: "the element of " + o.Name + " circ tracks"})
		}
		if o == b.libStrings {
			t.indeterminate(o.Cells, "the chars of the library's strings", p)
		}
		switch {
		case (o.Kind == cfa.HeapObject || o.Kind == cfa.StackObject) && o.Summary() && !o.FixedLen():
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: o.Instance, Lo: num(0), Pos: p, Note: "the block of " + o.Name + " circ tracks"})
		}
	}
	for _, o := range b.externs {
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: o.Instance, Lo: num(0), Pos: p, Note: "the instance of " + o.Name + " circ tracks"})
		for _, v := range o.Cells {
			l, ct := b.cells[v].l, b.cellTyp[v]
			switch {
			case l.bad != "":
			case v.Kind == cfa.Mutex:
				if t.mutexKind(l) == cfa.UnknownMutexKind {
					t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: t.kindField(v), Pos: p, Note: "the kind of " + v.CName})
				}
			case isPtr(ct) && (b.externable(pointee(ct)) || byteType(pointee(ct))):
				t.externPointer(pointee(ct), v, p)
			case isPtr(ct):
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Pos: p, Approx: true, Note: v.CName + ": a pointer circ does not follow"})
			default:
				lo, hi := t.b.rangeOf(ct)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: "the contents of " + v.CName})
			}
		}
	}
	t.jump(t.c.Entry, p)
	t.c.Entry = start
}

// trackedAddr is the address of summary o's cell at representative
// address a in the tracked instance.
func trackedAddr(o *cfa.Object, a int64) cfa.Expr {
	return mkBin(cfa.Add, num(a), mkBin(cfa.Mul, ref(o.Instance), num(o.InstanceStride())))
}

// inInstances holds when addr is the cell at representative address a
// in some instance of its summary o (an element summary's: within its
// region).
func inInstances(o *cfa.Object, addr cfa.Expr, a int64) cfa.Expr {
	in := mkBin(cfa.Ge, addr, num(a))
	if k := o.InstanceStride(); k > 1 {
		in = mkBin(cfa.And, in, mkBin(cfa.Eq, mkBin(cfa.Mod, mkBin(cfa.Sub, addr, num(a)), num(k)), num(0)))
	}
	if o.Elements() {
		end := o.Base + cfa.RegionSize
		if o.FixedLen() {
			// An array summary (arraySummary): its tracked element is
			// one of its N, so an address past them is in no element,
			// tracked or not (an error, as in an array circ keeps).
			end = o.Base + o.Len.Init*o.Stride
		}
		in = mkBin(cfa.And, in, mkBin(cfa.Lt, addr, num(end)))
	}
	return in
}

// trackedGuard holds when addr is the cell at representative address a
// of summary o's tracked instance, and for an element summary the
// tracked element lies inside the block (past it, an access is an
// error).
func trackedGuard(o *cfa.Object, addr cfa.Expr, a int64) cfa.Expr {
	g := mkBin(cfa.Eq, addr, trackedAddr(o, a))
	if o.Elements() {
		g = mkBin(cfa.And, g, trackedLive(o))
	}
	return g
}

// trackedLive holds when element summary o's tracked element lies
// inside the block that holds it (Len is that block's end).
func trackedLive(o *cfa.Object) cfa.Expr { return mkBin(cfa.Lt, ref(o.Instance), ref(o.Len)) }

// elementAddr is the address of element n of element summary o.
func elementAddr(o *cfa.Object, n cfa.Expr) cfa.Expr {
	return mkBin(cfa.Add, num(o.Base), mkBin(cfa.Mul, n, num(o.Stride)))
}

// inTrackedBlock holds when addr lies in the block of element summary o
// that holds the live tracked element, from its start (Block's first
// element, or o's when its site allocates once) to its end, or one past
// it with pastEnd.
func inTrackedBlock(o *cfa.Object, addr cfa.Expr, pastEnd bool) cfa.Expr {
	start := num(o.Base)
	if o.Block != nil {
		start = elementAddr(o, ref(o.Block))
	}
	below := mkBin(cfa.Lt, addr, elementAddr(o, ref(o.Len)))
	if pastEnd {
		below = mkBin(cfa.Le, addr, elementAddr(o, ref(o.Len)))
	}
	return mkBin(cfa.And, trackedLive(o), mkBin(cfa.And, mkBin(cfa.Ge, addr, start), below))
}

// untrackedGuard holds when addr is the cell at representative address
// a of an instance of summary o other than the tracked one.
func untrackedGuard(o *cfa.Object, addr cfa.Expr, a int64) cfa.Expr {
	return mkBin(cfa.And, inInstances(o, addr, a), mkBin(cfa.Ne, addr, trackedAddr(o, a)))
}

// blockStarts hold when addr is the start of the block of element
// summary o that holds the tracked element (tracked), or of another of
// its blocks (untracked), for a site that allocates more than once
// (cfa.Memory). An address inside the tracked block that is not its
// start is neither: freeing it is an error, as it is for every block
// in the run that tracks an element of it; so is the tracked element's
// address where no block starts there (a gap, one past a block), an
// error in the run that tracks the element at any such address.
func blockStarts(o *cfa.Object, addr cfa.Expr) (tracked, untracked cfa.Expr) {
	tracked = mkBin(cfa.And, trackedLive(o), mkBin(cfa.Eq, addr, elementAddr(o, ref(o.Block))))
	inTracked := inTrackedBlock(o, addr, false)
	noStart := mkBin(cfa.And, mkBin(cfa.Eq, addr, elementAddr(o, ref(o.Instance))), mkBin(cfa.Eq, ref(o.Starts), num(0)))
	untracked = mkBin(cfa.And, inInstances(o, addr, o.Base), cfa.Unary{Op: cfa.Not, X: mkBin(cfa.Or, inTracked, noStart)})
	return tracked, untracked
}

// untrackedCell is the stand-in for cell l of an instance circ does not
// track: a scratch variable holding any value the cell may hold, whose
// writes are dropped; for a mutex, l marked untracked (locking it
// excludes nothing). A thread handle there holds any value: a thread
// created into it runs as any other, and a join of it waits for no
// thread circ knows (it excludes nothing), its read marked untracked
// so that a race trace that passes the join is no evidence unless
// replay finds the handle's value at addr, the cell's address (nil if
// unknown), to be the program's; a mutex's lock and unlock carry addr
// likewise (cfa.Edge.Cell).
func (t *tb) untrackedCell(l *local, addr cfa.Expr, p cfa.Pos) *local {
	note := "a cell of an instance of " + t.b.cells[l.v].obj.Name + " circ does not track"
	if l.v.Kind == cfa.Handle {
		h := t.newVar(nil, "tmp", cfa.Handle, l.typ)
		h.untracked = true
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: h.v, Untracked: true, Cell: addr, Pos: p, Note: note})
		return h
	}
	if l.sync != "" {
		u := *l
		u.untracked, u.cell = true, addr
		return &u
	}
	v := t.temp(l.typ)
	lo, hi := t.b.rangeOf(l.typ)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Like: l.v, Untracked: true, Pos: p, Note: note})
	return &local{v: v, typ: l.typ}
}

// libInt is an integer argument of an undefined function, evaluated.
type libInt struct {
	e          cfa.Expr
	pos        cfa.Pos
	name, text string
}

// libArg is a pointer argument of an undefined function, evaluated.
type libArg struct {
	n        cc.ExpressionNode
	addr     cfa.Expr
	readOnly bool // the parameter points to const: the library only reads
	// first is the type of the first cell of the pointee; nil with any.
	first cc.Type
	// any: the pointee's type is not known (a void pointer, an
	// incomplete struct: Options.HavocUnknown); the library reaches
	// whatever object the pointer points into.
	any bool
	// depth counts the pointers the library followed to get here from
	// the argument (0: the argument itself); path holds the objects it
	// followed them from, which it touches already.
	depth int
	path  map[*cfa.Object]bool
}

// maxLibraryDepth bounds the pointers circ lets a library follow from an
// argument, one after the other.
const maxLibraryDepth = 3

// libraryArg evaluates pointer argument a of undefined function name,
// rejecting what circ cannot say a library does with it (a void
// pointer, a pointee circ cannot lay out).
func (t *tb) libraryArg(name string, a cc.ExpressionNode, readOnly bool, p cfa.Pos) *libArg {
	return t.libArgAt(name, a, pointee(a.Type()), func() cfa.Expr { return t.stableValue(a, p) }, readOnly)
}

// libArgAt is libraryArg for a pointer to pt whose value addr evaluates,
// written a.
func (t *tb) libArgAt(name string, a cc.ExpressionNode, pt cc.Type, addr func() cfa.Expr, readOnly bool) *libArg {
	_, bad := t.b.cellCount(pt)
	untyped := pt == nil || isVoid(pt) || bad != ""
	if untyped && t.b.havocUnknown && !isFunc(pt) {
		return &libArg{n: a, addr: addr(), readOnly: readOnly, any: true}
	}
	if pt == nil || isVoid(pt) || isFunc(pt) {
		t.b.fail(a, "unsupported: undefined function %s receives %s, a %s; circ cannot tell what it may do with the memory it points to (--unknown-functions havoc lets it reach whatever the pointer points into)", name, nodeText(a), describeC(a.Type()))
	}
	if bad != "" {
		t.b.fail(a, "unsupported: undefined function %s receives a pointer to %s (--unknown-functions havoc lets it reach whatever the pointer points into)", name, bad)
	}
	var specs []cellSpec
	t.b.layout(pt, "", 0, false, &specs)
	if len(specs) == 0 {
		return nil
	}
	return &libArg{n: a, addr: addr(), readOnly: readOnly, first: specs[0].typ}
}

// aggregateArg copies struct or union argument a, passed by value, into
// a local of the call (reading every cell, as C's copy does) and returns
// that local.
func (t *tb) aggregateArg(a cc.ExpressionNode, p cfa.Pos) *local {
	at := a.Type()
	src := t.structRvalue(a)
	tmp := t.b.structLocal(at, "arg", "", 0, false, func(path string, typ cc.Type, off int64, atomic bool) *local {
		kind, _ := t.b.classify(typ)
		return t.newVar(nil, "arg."+path, kind, typ)
	})
	if tmp.bad != "" {
		t.b.fail(a, "%s", tmp.bad)
	}
	t.copyStruct(lval{l: tmp, typ: at, n: a}, src, structName(src), p)
	return tmp
}

// libraryAggregate evaluates struct or union argument a of undefined
// function name, passed by value (Options.HavocUnknown): the copy reads
// every cell, and the library may follow each data pointer in it, as
// it does a pointer argument.
func (t *tb) libraryAggregate(name string, a cc.ExpressionNode, p cfa.Pos) []*libArg {
	tmp := t.aggregateArg(a, p)
	var out []*libArg
	for _, l := range leaves(tmp) {
		switch {
		case l.bad != "":
			t.b.fail(a, "%s", l.bad)
		case isPtr(l.typ) && isFunc(pointee(l.typ)):
			t.b.fail(a, "unsupported: undefined function %s receives function pointer %s in %s, passed by value", name, l.v.CName, nodeText(a))
		case isPtr(l.typ):
			if la := t.libArgAt(name, a, pointee(l.typ), func() cfa.Expr { return ref(l.v) }, false); la != nil {
				out = append(out, la)
			}
		}
	}
	return out
}

// valueAggregate evaluates struct or union argument a of undefined
// function name, passed by value, where the library may reach nothing
// else (no --unknown-functions havoc): the copy reads every cell, and
// the library gets no address from it, so a pointer in it is an error.
func (t *tb) valueAggregate(name string, a cc.ExpressionNode, p cfa.Pos) {
	for _, l := range leaves(t.aggregateArg(a, p)) {
		switch {
		case l.bad != "":
			t.b.fail(a, "%s", l.bad)
		case isPtr(l.typ):
			t.b.fail(a, "unsupported: undefined function %s receives pointer %s in %s, passed by value; circ cannot tell what it may do with the memory it points to (--unknown-functions havoc lets it reach whatever the pointer points into)", name, l.v.CName, nodeText(a))
		}
	}
}

// libraryReach lowers what an undefined function may do with the memory
// pointer argument la reaches. C keeps a pointer inside the object it
// points into (or one past it), so the library may reach that whole
// object, all of an array and not just the element la points to. The
// call is lowered in two passes over its pointer arguments, after all
// arguments are evaluated: first (spawn) the library reads every
// function-pointer cell and may run what it holds in new threads, as it
// does with a function it is given directly; then (!spawn) it reads
// every cell and overwrites each one that is not const: an integer with
// any value, a function pointer with null or the function it holds.
// Starting every thread first lets them run beside every later access.
// A value of la that designates no object (null, dangling) touches
// nothing: the library need not dereference it. Memory circ cannot say
// what a library does with is rejected: a pointer it could follow, a
// synchronization object or thread handle, an atomic object (and, in
// settle, an integer holding an address). note is the call's
// approximation, repeated on each overwrite so that a trace shows why.
func (t *tb) libraryReach(name string, la *libArg, spawn bool, note string, p cfa.Pos) {
	t.libraryObjects(la, p, func(o *cfa.Object) {
		if !libraryOwn(t.b, o) {
			t.libraryTouch(name, o, la, spawn, note, p)
		}
	}, func(x int64) { t.libraryUntracked(name, x, la, spawn, note, p) })
}

// libraryUntracked lowers what a library may do with an instance circ
// does not track of the summary at address x, which it reaches through
// la: its cells are scratch copies (writes dropped); a data pointer
// there holds any value the tracked instance's cell may hold, and the
// library may follow it as it follows that cell (read-only: the copy's
// writes are dropped); a function pointer there would run code circ
// does not see, which is rejected where the library may reach it.
func (t *tb) libraryUntracked(name string, x int64, la *libArg, spawn bool, note string, p cfa.Pos) {
	o, _ := t.b.prog.Memory.Find(x)
	if libraryOwn(t.b, o) {
		return
	}
	for _, v := range o.Cells {
		switch ct := t.b.cellTyp[v]; {
		case isPtr(ct) && isFunc(pointee(ct)):
			t.unsupportedHere(p, "unsupported: undefined function %s may run the function %s holds, in memory of a library", name, v.CName)
		case isPtr(ct):
			copied := t.untrackedCell(t.b.cells[v].l, nil, p)
			t.libraryFollow(name, o, v, copied.v, la, true, spawn, note, p)
		}
	}
}

// libraryResult lets res, an undefined function's pointer result, be
// any address in, or one past, an object pointer argument la reaches;
// a value of la that designates no object leaves res as it is. In an
// instance of a library's summary object (a string the library gave),
// the result is in the same instance when la is in the tracked one,
// and in any other instance when la is in one circ does not track
// (whose cells are scratch copies whichever it is).
func (t *tb) libraryResult(la *libArg, res *cfa.Var, p cfa.Pos) {
	intoLibrary := func(int64) {
		t.b.failAt(p, "unsupported: the result of an undefined function may point into %s, memory of a library", nodeText(la.n))
	}
	// into sets res to a cell of o, or one past, in instance n (nil: o
	// is no summary).
	into := func(o *cfa.Object, n cfa.Expr) {
		k := t.temp(nil)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: k, Lo: num(0), Hi: num(int64(len(o.Cells))), Pos: p, Note: "where the result points"})
		addr := mkBin(cfa.Add, num(o.Base), ref(k))
		if n != nil {
			addr = mkBin(cfa.Add, addr, mkBin(cfa.Mul, n, num(o.InstanceStride())))
		}
		t.set(res, addr, p)
	}
	instances := func(o *cfa.Object) bool { return o.Kind == cfa.ExternObject && !o.Elements() }
	// An array summary of constant length (a char buffer, the
	// library's strings): any element of it, tracked or not.
	anyElement := func(o *cfa.Object) {
		j := t.temp(nil)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: num(o.Len.Init - 1), Pos: p, Note: "the element the result points into"})
		into(o, ref(j))
	}
	t.libraryObjects(la, p, func(o *cfa.Object) {
		switch {
		case !o.Summary():
			into(o, nil)
		case instances(o):
			into(o, ref(o.Instance))
		case o.FixedLen():
			anyElement(o)
		default:
			intoLibrary(o.Base)
		}
	}, func(x int64) {
		o, _ := t.b.prog.Memory.Find(x)
		if o.FixedLen() {
			anyElement(o)
			return
		}
		if !instances(o) {
			intoLibrary(x)
		}
		n := t.temp(nil)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: n, Lo: num(0), Pos: p, Note: "the instance the result points into"})
		t.choose(p, arm{cond: mkBin(cfa.Ne, ref(n), ref(o.Instance)), body: func() { into(o, ref(n)) }})
	})
}

// libraryObjects lowers a choice on the object pointer argument la
// points into (or one past), lowering body for it, or untracked for an
// untracked instance of a library's object; a value that designates no
// object does nothing.
func (t *tb) libraryObjects(la *libArg, p cfa.Pos, body func(o *cfa.Object), untracked func(a int64)) {
	site := &derefSite{addr: la.addr, typ: la.first, pos: p, text: nodeText(la.n), lenient: true, library: true, anyType: la.any}
	site.body = func(x int64) {
		o, _ := t.b.prog.Memory.Find(x)
		body(o)
	}
	site.untracked = untracked
	var targets []int64
	if la.depth == 0 && !la.any {
		targets = t.b.eagerTargets(site.typ, la.addr)
	}
	// Past the argument, settle arms it (see access) with the objects
	// the points-to analysis says la may point into, not every one with
	// a cell of its type: what circ cannot say a library does with an
	// object is an error only where the library may reach it.
	t.choice(site, targets, "")
}

// libraryTouch lowers one pass of a library's accesses to the cells of
// object o (see libraryReach).
func (t *tb) libraryTouch(name string, o *cfa.Object, la *libArg, spawn bool, note string, p cfa.Pos) {
	for _, v := range o.Cells {
		ci, ct := t.b.cells[v], t.b.cellTyp[v]
		isFn := isPtr(ct) && isFunc(pointee(ct))
		readOnly := la.readOnly || o.Kind == cfa.StringObject || ct.Attributes().IsConst()
		switch {
		case ci.l.bad != "":
			t.unsupportedHere(p, "%s, which undefined function %s may reach through %s", ci.l.bad, name, nodeText(la.n))
		case v.Kind != cfa.Data:
			t.unsupportedHere(p, "unsupported: undefined function %s may reach %s through %s, a synchronization object or thread handle; circ does not model what a library does with it", name, v.CName, nodeText(la.n))
		case t.b.atomic[v]:
			t.unsupportedHere(p, "unsupported: undefined function %s may reach atomic object %s through %s", name, v.CName, nodeText(la.n))
		case isPtr(ct) && !isFn:
			t.libraryFollow(name, o, v, v, la, readOnly, spawn, note, p)
		case spawn && isFn && la.depth > 0:
			// Settle arms the site: too late to start a template.
			t.unsupportedHere(p, "unsupported: undefined function %s may run the function %s holds, which it reaches through pointers from %s", name, v.CName, nodeText(la.n))
		case spawn:
			if isFn {
				t.spawnCallback(name, t.snapshot(ref(v), ct, p), la.n, 1, p)
			}
		case readOnly:
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: t.temp(ct), RHS: ref(v), Pos: p})
		case isFn:
			old := t.snapshot(ref(v), ct, p)
			t.choose(p, arm{body: func() { t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: old, Pos: p, Approx: true, Note: note}) }},
				arm{body: func() { t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: num(0), Pos: p, Approx: true, Note: note}) }})
		default:
			lo, hi := t.b.rangeOf(ct)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
		}
	}
}

// libraryFollow lowers what an undefined function may do with pointer
// cell v of object o, which it reaches through la, holding val (v, or
// a scratch copy of an untracked instance's cell): follow it, to the
// whole object it points into, and touch that as it touches la's
// (libraryReach's pass spawn), then, in the second pass and unless
// readOnly, store a pointer into v: the one it held, null, or one it
// may hand out itself (a library string, an object of its own of the
// pointee type: externPointer). A library that stores there the address
// of other memory of the program is beyond what circ assumes of it, as
// for its results. Pointers to void, and chains of more than
// maxLibraryDepth pointers, are rejected.
func (t *tb) libraryFollow(name string, o *cfa.Object, v, val *cfa.Var, la *libArg, readOnly, spawn bool, note string, p cfa.Pos) {
	ct := t.b.cellTyp[v]
	pt := pointee(ct)
	_, bad := t.b.cellCount(pt)
	untyped := pt == nil || isVoid(pt) || bad != ""
	if isVoid(pt) && !t.b.havocUnknown {
		t.unsupportedHere(p, "unsupported: undefined function %s may follow %s, a pointer to void it reaches through %s; circ cannot tell what it may do with the memory it points to (--unknown-functions havoc lets it reach whatever the pointer points into)", name, v.CName, nodeText(la.n))
		return
	}
	if la.depth >= maxLibraryDepth {
		t.unsupportedHere(p, "unsupported: undefined function %s may follow pointer %s, more than %d pointers away from %s", name, v.CName, maxLibraryDepth, nodeText(la.n))
		return
	}
	var specs []cellSpec
	if !untyped {
		t.b.layout(pt, "", 0, false, &specs)
	}
	old := t.snapshot(ref(val), ct, p)
	if len(specs) > 0 || (untyped && t.b.havocUnknown) {
		path := map[*cfa.Object]bool{o: true}
		for k := range la.path {
			path[k] = true
		}
		next := &libArg{n: la.n, addr: old, readOnly: pt != nil && pt.Attributes().IsConst(), depth: la.depth + 1, path: path, any: untyped}
		if !untyped {
			next.first = specs[0].typ
		}
		t.libraryObjects(next, p, func(o *cfa.Object) {
			if !path[o] && !libraryOwn(t.b, o) {
				t.libraryTouch(name, o, next, spawn, note, p)
			}
		}, func(x int64) { t.libraryUntracked(name, x, next, spawn, note, p) })
	}
	if spawn || readOnly {
		return
	}
	if untyped {
		// A pointer circ cannot type: the library may clear it; that it
		// points it elsewhere, circ does not model (the note says so).
		t.choose(p, arm{}, arm{body: func() {
			t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: num(0), Pos: p, Approx: true, Note: note})
		}})
		return
	}
	if !byteType(pt) && !t.b.externable(pt) {
		t.unsupportedHere(p, "unsupported: undefined function %s may store a pointer to %s into %s, which it reaches through %s", name, describeC(pt), v.CName, nodeText(la.n))
		return
	}
	t.choose(p, arm{}, arm{body: func() {
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: note})
		t.externPointer(pt, v, p)
	}})
}

// deferredFail is what circ cannot do at location loc of c, where a
// lowering only may get: it is an error if the points-to analysis
// finds loc reachable (checkDeferredFails).
type deferredFail struct {
	c   *cfa.CFA
	loc int
	pos cfa.Pos
	msg string
}

// unsupportedHere records that the code being lowered at p does what
// circ cannot model (a library's access an arm of a dereference makes,
// which settle may find impossible), rejecting the program if it can
// run.
func (t *tb) unsupportedHere(p cfa.Pos, format string, args ...any) {
	t.b.deferredFails = append(t.b.deferredFails, deferredFail{c: t.c, loc: t.at(p), pos: p, msg: fmt.Sprintf(format, args...)})
}

// checkDeferredFails rejects the program at the first recorded location
// that can run.
func (b *builder) checkDeferredFails(r *pointsto.Result) {
	for _, d := range b.deferredFails {
		if r.Reachable(d.c, d.loc) {
			b.failAt(d.pos, "%s", d.msg)
		}
	}
}

// libraryOwn reports whether o holds objects whose insides are the
// library's business (FILE, DIR): a library function touches none of
// the program's memory there.
func libraryOwn(b *builder, o *cfa.Object) bool {
	return o.Kind == cfa.ExternObject && opaqueLibraryType(b.externType[o])
}

// checkLibraryInts rejects an integer an undefined function receives,
// or reaches through a pointer, that may hold a program's address: the
// library could turn it back into a pointer (a cookie, epoll's data).
func (b *builder) checkLibraryInts(r *pointsto.Result) {
	for _, li := range b.libInts {
		if vals := r.Eval(li.e); len(vals.All()) > 0 {
			b.failAt(li.pos, "unsupported: undefined function %s receives %s, an integer that may hold an address; circ does not model what a library does through it", li.name, li.text)
		}
	}
	for _, s := range b.derefs {
		if !s.library || s.fn || s.err == nil || !r.Reachable(s.t.c, s.err.From) {
			continue
		}
		for _, a := range r.Eval(s.addr).All() {
			o, _ := b.prog.Memory.Find(a)
			if o == nil || o.Kind == cfa.FuncObject {
				continue
			}
			for _, v := range o.Cells {
				if isInt(b.cellTyp[v]) && len(r.Values(v).All()) > 0 {
					b.failAt(s.pos, "unsupported: %s reaches %s, an integer that may hold an address, which an undefined function could use as a pointer", s.text, v.CName)
				}
			}
		}
	}
}
