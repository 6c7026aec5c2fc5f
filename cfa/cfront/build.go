package cfront

import (
	"fmt"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// builder holds the state of one translation: the program being built and
// the file-scope information gathered from the AST.
type builder struct {
	ctors, dtors []initFunc  // what constructor and destructor attributes name (initfini.go)
	libStrings   *cfa.Object // the library's strings (extern.go), once used
	file         string
	headers      headerDirs
	// stage writes a progress line as a stage of reading ends
	// (Options.Progress).
	stage   func(format string, args ...any)
	ast     *cc.AST
	prog    *cfa.Program
	lastPos cfa.Pos
	// handlesApart: no array of thread handles is a summary
	// (Options.HandlesApart).
	handlesApart bool
	// havocUnknown: Options.HavocUnknown.
	havocUnknown bool
	// allocNeverFails: Options.AllocNeverFails.
	allocNeverFails bool
	// zeroInits caches zeroInitialized for initialized file-scope
	// declarators.
	zeroInits map[*cc.Declarator]bool
	// cancels: the program may cancel a thread (cancel.go).
	cancels bool

	funcs     map[string]*cc.FunctionDefinition
	gdecls    map[string]*cc.Declarator // file-scope objects: the defining (or first) declarator
	globals   map[string]*local         // created globals (or the reason they are unusable)
	statics   map[*cc.Declarator]*local // static locals
	templates map[string]*cfa.CFA
	tmplFn    map[*cfa.CFA]*cc.FunctionDefinition
	// unknownParams are the templates whose parameters past the first
	// the library passes (an SA_SIGINFO handler's): numbers, or
	// pointers to objects of the frame (signals.go's kernelObject).
	unknownParams map[*cfa.CFA]bool
	queue         []*cfa.CFA
	names         map[string]int
	stable        map[*cfa.Var]bool // temporaries assigned once per evaluation
	single        map[*cfa.Var]bool // temporaries read once, right after their assignment
	mutexT        cc.Type
	lines         *lineTable // the main file's line directives (linedirectives.go)
	nedges        int

	// Synchronization objects (sync.go): the kinds each mutex can have
	// (by objKey), the kind a static initializer gave, and the derived
	// and per-thread variables of objects.
	mutexKinds map[any]kindSet
	fieldInits map[*cc.ExpressionStatement]*fieldInit // CIL's field-by-field initializers (syncfields.go)
	// destroyed holds the mutexes some call destroys, by object key
	// (wildKey: one through a pointer).
	destroyed  map[any]bool
	staticKind map[*cfa.Var]cfa.MutexKind
	fields     map[fieldKey]*cfa.Var
	// atomic holds the variables of _Atomic objects (atomics.go);
	// typedefBases and typeofAtomics are typedefBase's and
	// typeofAtomic's maps, built on first use.
	atomic        map[*cfa.Var]bool
	typedefBases  map[*cc.Declarator]*cc.Declarator
	typeofAtomics map[*cc.Declarator]bool
	// packed holds the structs and unions gcc packs (packed.go), by
	// aggregateKey.
	packed map[*cc.Declarator]bool
	// modeTypedefs are the typedefs declared with
	// __attribute__((mode)) (packed.go).
	modeTypedefs map[*cc.Declarator]bool
	// selfJoins are the joins' tests against the joiner's own id, and
	// handleCopies the temporaries joins read their handle into.
	selfJoins    []*selfJoinTest
	reaps        []*reapSite
	handleCopies map[*cfa.Var]bool
	// castCalls are the calls whose value a cast, an assignment or an
	// initializer converts at once, with the type it converts to: the
	// type an atomic builtin's value takes there (convertsCall).
	castCalls map[*cc.PostfixExpression]cc.Type

	// Memory (memory.go): the objects whose address the program takes,
	// what each cell variable is, and the dereferences to check once
	// the points-to analysis has run.
	addrTaken map[any]bool
	cells     map[*cfa.Var]*cellInfo
	cellTyp   map[*cfa.Var]cc.Type
	// overlapping: the cells of other union members each union cell's
	// write also writes; whole: edges that write whole unions;
	// clobbered: the edges clobberUnions has seen (unions.go).
	overlapping      map[*cfa.Var][]overlap
	whole, clobbered map[*cfa.Edge]bool
	objects          map[any]*cfa.Object // static objects by objKey
	funcObjs         map[string]*cfa.Object
	// takenFuncs are the functions with a body whose address the
	// program takes (funcptr.go).
	takenFuncs map[string]bool
	// externData are the globals the program declares extern and does
	// not define; namedExterns those of them its code names, which an
	// undefined function may access (scanExternData).
	externData   []*cc.Declarator
	namedExterns map[string]*cc.PrimaryExpression
	derefs       []*derefSite
	// plainAtomicWrites are the arms where a plain write (memset, a
	// struct copy) reaches an atomic object through a pointer, an
	// error if the points-to analysis keeps the arm (checkAtomicWrites).
	plainAtomicWrites []plainAtomicWrite
	arms              map[*cfa.Edge]pointsto.Arm        // the guards of the dereference choices
	subs              map[cfa.Binary]pointsto.Subscript // the address sums that subscript an array
	runInfo           map[*cfa.Object]byteRunInfo       // byteRuns, by object (runsOf)
	floatSources      []floatSource                     // values converted to floating point (checkFloatSources)
	floatVars         []*cfa.Var                        // floating-point locals and cells (checkFloatSources)
	floatToInt        []*cfa.Edge                       // conversions of floating-point values to integers (opaqueFloats)
	floatSet          map[*cfa.Var]bool                 // floatVars, once lowering ends
	floatsOpaque      bool                              // a floating-point value may come from outside the program (opaqueFloats)
	// intOps are the integer operations the source writes, by shape,
	// and where: on an address they would count cells, not bytes
	// (checkIntegerArithmetic).
	intOps map[cfa.Expr]cc.Node
	// bytePtrs are the pointers arithmetic moves by bytes, which settle
	// checks point into objects made of bytes.
	bytePtrs []bytePtr
	// byteGuards are the run-time checks of byte arithmetic that
	// settle adds once the points-to analysis is done.
	byteGuards []*byteGuard
	// byteGuarded: some byte guard was added (checkByteGuards).
	byteGuarded bool
	// cellPtrs are the pointers that arithmetic moves by whole cells
	// (checkCellArithmetic).
	cellPtrs []bytePtr
	// orderOps are the source's comparisons <, <=, >, >=, by shape:
	// on addresses of two objects C leaves the outcome unspecified
	// (checkAddressOrder).
	orderOps map[cfa.Expr]cc.Node
	placing  any // the key of the static object newObjectCells lays out next
	// allocs is what the source tells of the block each allocation
	// call (malloc and its family, or a call of a function returning
	// void *, an allocator's wrapper) returns; allocEdges the edge
	// where each heap object is allocated.
	allocs     map[*cc.PostfixExpression]allocUse
	allocEdges map[*cfa.Object]*cfa.Edge
	// Heap summaries (heap.go): summarize names the allocation sites
	// an earlier pass found to need one, which this pass lowers as
	// summaries, each with its allocation counter (cfa.Object.Next);
	// resummarize names those this pass found, for the next.
	summarize   map[string]bool
	resummarize []string
	// Library memory (extern.go): the summaries in creation order, by
	// type, and each one's type; mainTB lowers main, which starts by
	// choosing their tracked instances.
	externs      []*cfa.Object
	externByType map[string]*cfa.Object
	externType   map[*cfa.Object]cc.Type
	ctypeObjects map[string]*cfa.Object // the library's pointers to its ctype tables (ctype.go), by name
	// handles stand for the library's opaque handles, by type
	// (libraryHandle).
	handles map[string]*cfa.Var
	mainTB  *tb
	// lateExterns are the types whose library objects a pass created
	// while lowering (a pointer a library stores); the next pass
	// creates them before lowering, so that every pointer a library
	// hands out may point into them (externTargets). preExterns are
	// those an earlier pass found.
	lateExterns, preExterns []externReq
	// recursiveFns memoizes recursive; recursions are the first copies
	// of recursive functions whose calls back checkRecursions checks;
	// ptrLocals are the locals of pointer type.
	recursiveFns  map[*cc.FunctionDefinition]bool
	recursions    []*recursionCheck
	ptrLocals     map[*cfa.Var]bool
	setjmps       int  // the setjmp calls lowered so far
	scanned       bool // scanExternResults has run
	deferredFails []deferredFail
	// libInts are the integer arguments of undefined functions, which
	// must hold no address (checkLibraryInts).
	libInts []libInt
	// copyReaches are the copies of run-time sizes the points-to
	// analysis settles (checkCopyReach).
	copyReaches []copyReach
	// literals are the objects of the string literals lowered so far.
	literals map[*cc.PrimaryExpression]*cfa.Object
	// mcu is the microcontroller a program for one runs on (mcu.go);
	// nil for others.
	mcu *mcuModel
	// bitFields maps each cell variable of a bit-field to it
	// (bitfields.go).
	bitFields map[*cfa.Var]*cc.Field
	// layingBitField is the bit-field structLocal makes a variable for.
	layingBitField *cc.Field
	// target is the machine the program is compiled for (target.go):
	// "" for the host.
	target string
}

// local is what a C variable maps to: a cfa variable, or the reason it
// cannot be used.
type local struct {
	v    *cfa.Var
	bad  string // non-empty: using the variable is an error with this message
	typ  cc.Type
	sync string // a synchronization object: its type's typedef name
	key  any    // the C object (builder.objKey), for synchronization objects
	// members are a struct variable's fields (structs.go); v is nil then.
	members []member
	// obj is the object of a variable that lives in memory (memory.go).
	obj *cfa.Object
	// untracked marks a synchronization object or thread handle of an
	// instance of a summary object circ does not track (extern.go);
	// cell is then a synchronization object's address, if known.
	untracked bool
	cell      cfa.Expr
	// atomic marks a struct variable that is _Atomic as a whole: a copy
	// to or from it is one atomic access.
	atomic bool
	// hw is a hardware register's asm label (mcu.go): each read is any
	// value.
	hw string
}

func (b *builder) fail(n cc.Node, format string, args ...any) {
	panic(newError(b.pos(n), format, args...))
}

func (b *builder) failAt(p cfa.Pos, format string, args ...any) {
	panic(newError(p, format, args...))
}

func (b *builder) pos(n cc.Node) cfa.Pos {
	if n == nil {
		return b.lastPos
	}
	if d, ok := n.(*cc.Declarator); ok {
		if d == nil {
			return b.lastPos
		}
		if p := b.mapPos(toPos(d.NameTok().Position())); p.File != "" {
			return p
		}
	}
	p := b.mapPos(toPos(n.Position()))
	if p.File == "" {
		return b.lastPos
	}
	return p
}

// unique returns a program-unique variable name based on base.
func (b *builder) unique(base string) string {
	n := b.names[base]
	b.names[base] = n + 1
	if n == 0 {
		return base
	}
	return fmt.Sprintf("%s#%d", base, n+1)
}

func (b *builder) build() *cfa.Program {
	b.prog = &cfa.Program{File: b.file, PointerBits: pointerBits(b.ast)}
	if b.prog.PointerBits == 32 {
		b.prog.DataModel = "ILP32"
	}
	if b.allocNeverFails {
		b.prog.Assumptions = append(b.prog.Assumptions, "allocations never fail: malloc, calloc, realloc and strdup never return null")
	}
	b.funcs = map[string]*cc.FunctionDefinition{}
	b.gdecls = map[string]*cc.Declarator{}
	b.globals = map[string]*local{}
	b.statics = map[*cc.Declarator]*local{}
	b.templates = map[string]*cfa.CFA{}
	b.tmplFn = map[*cfa.CFA]*cc.FunctionDefinition{}
	b.unknownParams = map[*cfa.CFA]bool{}
	b.names = map[string]int{}
	b.stable = map[*cfa.Var]bool{}
	b.single = map[*cfa.Var]bool{}
	b.staticKind = map[*cfa.Var]cfa.MutexKind{}
	b.fields = map[fieldKey]*cfa.Var{}
	b.atomic = map[*cfa.Var]bool{}
	b.handleCopies = map[*cfa.Var]bool{}
	b.castCalls = map[*cc.PostfixExpression]cc.Type{}
	b.cells = map[*cfa.Var]*cellInfo{}
	b.cellTyp = map[*cfa.Var]cc.Type{}
	b.overlapping = map[*cfa.Var][]overlap{}
	b.whole, b.clobbered = map[*cfa.Edge]bool{}, map[*cfa.Edge]bool{}
	b.objects = map[any]*cfa.Object{}
	b.funcObjs = map[string]*cfa.Object{}
	b.allocEdges = map[*cfa.Object]*cfa.Edge{}
	b.literals = map[*cc.PrimaryExpression]*cfa.Object{}
	b.arms = map[*cfa.Edge]pointsto.Arm{}
	b.subs = map[cfa.Binary]pointsto.Subscript{}
	b.intOps = map[cfa.Expr]cc.Node{}
	b.orderOps = map[cfa.Expr]cc.Node{}
	b.externByType = map[string]*cfa.Object{}
	b.externType = map[*cfa.Object]cc.Type{}
	b.ctypeObjects = map[string]*cfa.Object{}
	b.handles = map[string]*cfa.Var{}
	b.bitFields = map[*cfa.Var]*cc.Field{}
	b.recursiveFns = map[*cc.FunctionDefinition]bool{}
	b.ptrLocals = map[*cfa.Var]bool{}
	b.prog.Memory = &cfa.Memory{First: addressBase(b.ast)}
	if ns := b.ast.Scope.Nodes["pthread_mutex_t"]; len(ns) > 0 {
		for _, n := range ns {
			if d, ok := n.(*cc.Declarator); ok && d.IsTypename() {
				b.mutexT = d.Type()
			}
		}
	}

	// Gather functions and file-scope objects.
	var order []string
	defined := map[string]bool{}
	for l := b.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil {
			continue
		}
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			fd := ed.FunctionDefinition
			if fd != nil && fd.Declarator != nil {
				b.funcs[fd.Declarator.Name()] = fd
			}
		case cc.ExternalDeclarationDecl:
			if ed.Declaration == nil {
				continue
			}
			for il := ed.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
				if il.InitDeclarator == nil || il.InitDeclarator.Declarator == nil {
					continue
				}
				d := il.InitDeclarator.Declarator
				if d.IsTypename() || d.Type() == nil || d.Type().Kind() == cc.Function {
					continue
				}
				name := d.Name()
				if name == sentinel {
					continue
				}
				if prev, ok := b.gdecls[name]; !ok {
					order = append(order, name)
					b.gdecls[name] = d
				} else if d.HasInitializer() || (!d.IsExtern() && !prev.HasInitializer()) {
					b.gdecls[name] = d
				}
				if !d.IsExtern() || d.HasInitializer() {
					defined[name] = true
				}
			}
		}
	}
	b.checkAttributes()
	b.scanRegisters()
	b.scanMutexKinds()
	b.scanFieldInits()
	b.scanAddressTaken()
	b.scanAllocations()
	b.scanTakenFuncs()
	b.scanCancels()
	b.scanExternResults()
	b.scanExternData(order, defined)
	// Globals defined in the program, in declaration order. Globals of an
	// unsupported type are an error only when used.
	for _, name := range order {
		if _, hw := b.mcu.registerOf(b.gdecls[name]); hw {
			continue // no memory circ checks (mcu.go)
		}
		if defined[name] && !b.gdecls[name].IsThreadLocal() {
			b.global(name)
		}
	}

	mainFn := b.funcs["main"]
	if mainFn == nil {
		b.failAt(cfa.Pos{File: b.file}, "no main function")
	}
	b.template(mainFn)
	for len(b.queue) > 0 {
		c := b.queue[0]
		b.queue = b.queue[1:]
		b.buildTemplate(c, b.tmplFn[c])
	}
	b.stage("lowered %s", b.prog.Size())
	hw := b.handleWrites()
	b.resolveSelfJoins(hw)
	b.externPrologue()
	b.resolveReaps(hw) // after the prologue: it adds locations behind main's builder
	if len(b.lateExterns) > 0 {
		return nil
	}
	if b.settle(); len(b.resummarize) > 0 || len(b.lateExterns) > 0 {
		// Settle's arms may reach library objects of new types too.
		return nil
	}
	if b.interruptDriven() {
		b.prog.InterruptEnable = b.mcu.gie
	}
	for _, c := range b.prog.Templates {
		if b.interruptDriven() {
			// Main starts at reset, with interrupts disabled.
			entry := giesAny
			if c.Index == 0 {
				entry = giesZero
			}
			b.mcu.markInterruptsOff(c, entry)
		}
		simplify(c)
		if e, why := c.MarkHandlers(); e != nil {
			b.failAt(e.Pos, "handler region not well nested: %s", why)
		}
	}
	b.prog.SplitByArgument()
	markHandleSummaries(b.prog)
	b.prog.Finish()
	delayHandleStores(b.prog)
	// After the handle stores are delayed: a store placed after its
	// creation takes the atomicity of the creation's source, which the
	// ghost's step before a creation makes atomic.
	b.prog.CountRegions()
	b.prog.Finish()
	b.checkByteGuards()
	return b.prog
}

// runAttributes are the GCC attributes that make code run implicitly
// that circ does not run (constructor and destructor it runs:
// initfini.go). circ would not see that code run, so they are rejected,
// not ignored.
var runAttributes = map[string]string{
	"cleanup": "runs when the variable leaves its scope",
}

// checkAttributes rejects the attributes of runAttributes anywhere in the
// translation unit, and those that change a type's layout in ways cc
// does not model (packed.go).
func (b *builder) checkAttributes() {
	b.packed, b.modeTypedefs = map[*cc.Declarator]bool{}, map[*cc.Declarator]bool{}
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		if av, ok := n.(*cc.AttributeValue); ok {
			name := strings.Trim(av.Token.SrcStr(), "_")
			if why, bad := runAttributes[name]; bad {
				b.fail(av, "unsupported: __attribute__((%s)): the code it names %s", name, why)
			}
			switch name {
			case "constructor", "destructor":
				b.initAttribute(av, name, stack)
			case "interrupt", "signal":
				b.interruptAttribute(av, name, stack)
			}
			b.layoutAttribute(av, name, stack)
		}
		return true
	})
	b.checkModeUses()
	b.checkPackedLayouts()
	b.checkWideLiterals()
	b.checkVariablyModified()
}

// template returns the CFA of thread function fd, creating it (and
// queueing it for lowering) on first use.
func (b *builder) template(fd *cc.FunctionDefinition) *cfa.CFA {
	name := fd.Declarator.Name()
	if c := b.templates[name]; c != nil {
		return c
	}
	c := &cfa.CFA{Name: name, Index: len(b.prog.Templates), Pos: b.pos(fd.Declarator)}
	b.templates[name] = c
	b.tmplFn[c] = fd
	b.prog.Templates = append(b.prog.Templates, c)
	b.queue = append(b.queue, c)
	return c
}

// shadow returns the template of the threads running tracked's code
// that creations through untracked handles start (cfa.CFA.Shadows),
// creating it on first use.
func (b *builder) shadow(tracked *cfa.CFA) *cfa.CFA {
	name := tracked.Name + "[*]"
	if c := b.templates[name]; c != nil {
		return c
	}
	c := &cfa.CFA{Name: name, Index: len(b.prog.Templates), Pos: tracked.Pos, Shadows: tracked}
	tracked.Shadow = c
	b.templates[name] = c
	b.tmplFn[c] = b.tmplFn[tracked]
	b.prog.Templates = append(b.prog.Templates, c)
	b.queue = append(b.queue, c)
	return c
}

// classify maps a C type to a variable kind, or says why it is unsupported.
func (b *builder) classify(t cc.Type) (kind cfa.VarKind, bad string) {
	if t == nil {
		return cfa.Data, "untyped"
	}
	if name := b.syncTypeName(t); name != "" {
		if k, ok := syncTypes[name]; ok {
			return k, ""
		}
		return cfa.Data, name
	}
	if cc.IsIntegerType(t) && t.Size() > 8 {
		return cfa.Data, "128-bit integer" // circ's conversions stop at 64 bits
	}
	if cc.IsIntegerType(t) || t.Kind() == cc.Ptr || isFloat(t) {
		return cfa.Data, "" // a float's values are opaque (float.go)
	}
	return cfa.Data, describe(t)
}

// describe names the kind of an unsupported type.
func describe(t cc.Type) string {
	if t == nil {
		return "untyped"
	}
	switch k := t.Kind(); {
	case k == cc.Ptr:
		if pt, ok := t.(*cc.PointerType); ok && pt.Elem() != nil && pt.Elem().Kind() == cc.Function {
			return "function pointer"
		}
		return "pointer"
	case k == cc.Array:
		return "array"
	case k == cc.Struct:
		return "struct"
	case k == cc.Union:
		if td := t.Typedef(); td != nil && strings.HasPrefix(td.Name(), "pthread_") {
			return td.Name()
		}
		return "union"
	case k == cc.Function:
		return "function"
	case k == cc.Void:
		return "void"
	case cc.IsFloatingPointType(t):
		return "floating-point"
	case cc.IsComplexType(t):
		return "complex"
	default:
		return k.String()
	}
}

func isInt(t cc.Type) bool { return t != nil && cc.IsIntegerType(t) }

func isPtr(t cc.Type) bool { return t != nil && t.Kind() == cc.Ptr }

func isVoid(t cc.Type) bool { return t != nil && t.Kind() == cc.Void }

// rangeOf gives the values of integer type t, the range of a havoc
// that stands for an unknown value of t: exact, except that uint64_t
// has no upper bound (its greatest value is not an int64). Types circ
// does not read as integers have no bounds.
func (b *builder) rangeOf(t cc.Type) (lo, hi cfa.Expr) {
	return intRange(b.intType(t))
}

// intRange is the range of the values of it (see rangeOf).
func intRange(it cfa.IntType) (lo, hi cfa.Expr) {
	if !it.Valid() {
		return nil, nil
	}
	min, max, hasMax := it.Bounds()
	lo = cfa.Const{Val: min}
	if hasMax {
		hi = cfa.Const{Val: max}
	}
	return lo, hi
}

// isFileScope reports whether d is declared at file scope.
func (b *builder) isFileScope(d *cc.Declarator) bool {
	s := d.LexicalScope()
	return s == nil || s == b.ast.Scope || s.Parent == nil
}

// global returns the global variable named name, creating it on first use.
func (b *builder) global(name string) *local {
	if l := b.globals[name]; l != nil {
		return l
	}
	d := b.gdecls[name]
	if d == nil {
		l := &local{bad: fmt.Sprintf("unsupported: unknown global %s", name)}
		b.globals[name] = l
		return l
	}
	l := b.newStatic(d, name, name, b.initializerOf(d))
	b.globals[name] = l
	return l
}

// newStatic creates a variable of static storage (a global, or a static
// local whose program name is qualified).
func (b *builder) newStatic(d *cc.Declarator, name, cname string, init *cc.Initializer) *local {
	if b.inMemory(d) && !d.IsThreadLocal() {
		return b.staticObject(d, name, cname, init)
	}
	if b.isStruct(d.Type()) {
		return b.newStaticStruct(d, name, cname, init)
	}
	kind, bad := b.classify(d.Type())
	if bad != "" {
		return &local{bad: fmt.Sprintf("unsupported: %s variable %s", bad, cname), typ: d.Type()}
	}
	return b.staticScalar(d, name, cname, d.Type(), kind, b.objKey(d), b.isAtomicObject(d), init)
}

// staticScalar creates one scalar variable of static storage of type typ
// (a whole global, or one field of a global struct), with its initial
// value from init (nil: zero) and its synchronization object's state.
func (b *builder) staticScalar(d *cc.Declarator, name, cname string, typ cc.Type, kind cfa.VarKind, key any, atomic bool, init *cc.Initializer) *local {
	v := &cfa.Var{Name: name, Global: true, Kind: kind, CName: cname, Pos: b.pos(d)}
	b.setType(v, typ)
	l := &local{v: v, typ: typ, sync: b.syncTypeName(typ), key: key}
	b.atomic[v] = atomic
	switch {
	case l.sync != "":
		b.syncInit(v, l.sync, init, l.key)
	case init != nil:
		v.Init = b.constInit(init, d, typ)
		if v.Bool && v.Init != 0 {
			v.Init = 1
		}
	case libcGlobals[cname]:
		v.Init = libcInits[cname]
	}
	b.prog.Globals = append(b.prog.Globals, v)
	return l
}

// initializerOf finds the initializer of declarator d.
func (b *builder) initializerOf(d *cc.Declarator) *cc.Initializer {
	if !d.HasInitializer() {
		return nil
	}
	var found *cc.Initializer
	walkDecls(b.ast, func(id *cc.InitDeclarator) {
		if id.Declarator == d {
			found = id.Initializer
		}
	})
	return found
}

// walkDecls visits the file-scope init-declarators.
func walkDecls(ast *cc.AST, f func(*cc.InitDeclarator)) {
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.Case != cc.ExternalDeclarationDecl || ed.Declaration == nil {
			continue
		}
		for il := ed.Declaration.InitDeclaratorList; il != nil; il = il.InitDeclaratorList {
			if il.InitDeclarator != nil {
				f(il.InitDeclarator)
			}
		}
	}
}

// constInit evaluates a constant scalar initializer.
func (b *builder) constInit(init *cc.Initializer, d *cc.Declarator, typ cc.Type) int64 {
	for init != nil && init.Case == cc.InitializerInitList {
		il := init.InitializerList
		if il == nil {
			return 0
		}
		if il.InitializerList != nil || il.Designation != nil {
			b.fail(init, "unsupported: initializer list for scalar %s", d.Name())
		}
		init = il.Initializer
	}
	if init == nil || init.AssignmentExpression == nil {
		return 0
	}
	return b.convertConst(b.constInitValue(init.AssignmentExpression, d, typ), typ, init)
}

// convertConst converts constant v to C type typ as an initializer at n
// does.
func (b *builder) convertConst(v int64, typ cc.Type, n cc.Node) int64 {
	to := b.intType(typ)
	if !to.Valid() || to.Bits == 1 {
		return v
	}
	r, ok := to.Wrap(v)
	if !ok {
		b.fail(n, "unsupported: integer constant too large")
	}
	return r
}

// constInitValue evaluates e, the constant initializer of a cell of
// type typ of d.
func (b *builder) constInitValue(e cc.ExpressionNode, d *cc.Declarator, typ cc.Type) int64 {
	if isPtr(typ) || isPtr(e.Type()) {
		v, ok := b.constAddr(e)
		if !ok {
			b.fail(e, "unsupported: initializer of %s is not a constant address", d.Name())
		}
		return v
	}
	if isFloat(typ) && cc.IsArithmeticType(e.Type()) {
		if _, ok := intValue(e.Value()); !ok && !isFloat(e.Type()) {
			// An address converted to an integer: no address may
			// enter floating point (float.go).
			b.fail(e, "unsupported: initializer of %s is not an arithmetic constant", d.Name())
		}
		return 0 // a value no read sees (float.go)
	}
	if !isInt(e.Type()) {
		b.fail(e, "unsupported: %s initializer of %s", describe(e.Type()), d.Name())
	}
	v, ok := intValue(e.Value())
	if !ok {
		b.fail(e, "unsupported: initializer of %s is not an integer constant", d.Name())
	}
	return v
}
