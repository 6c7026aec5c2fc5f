package cfront

// After lowering, the points-to analysis settles what the lowering of
// memory left open:
//   - every address a dereference may see must have an arm of the right
//     type (or be invalid, which the error arm handles), or the program
//     is rejected: an arm missing for a valid cell would turn a defined
//     access into a runtime error;
//   - arms whose guard never holds are removed, and each error arm's
//     guard is rebuilt from the arms that remain;
//   - a stack or heap object created by a thread that can run more than
//     once is either private to each such thread (no other thread can
//     hold its address), and then becomes a local of the template, or
//     shared: a heap object then becomes a summary (heap.go), as does
//     one allocated in a loop, and the program is lowered again; a
//     shared stack object, or a block of variable size allocated more
//     than once, is rejected;
//   - the uses of addresses the lowering could not judge alone (integer
//     and byte arithmetic on them, comparisons C leaves unspecified,
//     plain writes of atomic objects and library accesses through them)
//     are checked, and the program is rejected where circ's layout
//     would decide what C does not.

import (
	"time"

	"circ/cfa"
	"circ/cfa/pointsto"
)

func (b *builder) settle() {
	b.opaqueFloats()
	b.clobberUnions()
	if len(b.prog.Memory.Objects) == 0 && len(b.derefs) == 0 {
		if len(b.recursions) > 0 {
			b.prog.Finish()
			b.checkRecursions(nil)
		}
		return
	}
	b.prog.Finish()
	r := pointsto.Analyze(b.prog, b.arms, b.subs, b.runEnd)
	b.stage("points-to analysis")
	// A site lowered before an object it may reach has no arm for it:
	// add the arms, which may let more values flow, to a fixpoint.
	// A round costs what it adds: the program is finished again once,
	// after the last (the analysis keeps its own out-edge lists).
	round, noted := 1, time.Now()
	for ; b.extendDerefs(r); round++ {
		b.clobberUnions()
		r.Extend()
		if time.Since(noted) > 2*time.Second {
			b.stage("points-to analysis, with the arms it found (%d rounds)", round)
			noted = time.Now()
		}
	}
	if round > 1 {
		b.prog.Finish()
	}
	b.checkDeferredFails(r)
	b.checkCopyReach(r)
	b.checkIntegerArithmetic(r)
	b.checkByteArithmetic(r)
	b.checkCellArithmetic(r)
	b.checkAddressOrder(r)
	b.checkDerefs(r)
	b.checkFloatSources(r)
	b.checkAtomicWrites(r)
	b.checkLibraryStores(r)
	b.checkLibraryInts(r)
	b.checkLiteralCompares(r)
	b.checkRecursions(r)
	b.keepAddressesWhole(r) // after the checks, which see the source's conversions
	b.privatize(r)
	b.prune(r)
	b.addByteGuards() // after prune, which keeps the edges the analysis saw
	b.stage("memory accesses settled")
}

// unarmed lists the valid targets site s may see at run time and has no
// arm for, split by whether an arm could be added (a cell of the site's
// type, or a block's start for free) or the site is wrong (another
// type). Invalid values (null, an object's end, a function) need none:
// the error arm is right for them.
func (b *builder) unarmed(s *derefSite, r *pointsto.Result) (fits, misfits []int64) {
	if s.err == nil || !r.Reachable(s.t.c, s.err.From) {
		return nil, nil
	}
	seen := map[int64]bool{}
	for _, a := range s.seen(r.Eval(s.addr)) {
		o, i := b.prog.Memory.Find(a)
		if o != nil && o.Elements() && i < len(o.Cells) {
			// A cell of another element: the arms of its
			// representative cover every element.
			a = o.Addr(i)
		}
		if seen[a] {
			continue
		}
		seen[a] = true
		if s.fn {
			// Every function that fits has its arm; calling one of
			// another type, or without a body, circ cannot follow.
			if !s.cells[a] && o != nil && o.Kind == cfa.FuncObject && a == o.Base {
				misfits = append(misfits, a)
			}
			continue
		}
		if o != nil && o.Kind == cfa.ExternObject && len(o.Cells) == 0 && s.library {
			continue // a library's handle (libraryHandle): its own business
		}
		if o != nil && o.Kind == cfa.ExternObject && ((s.typ == nil && !s.anyType) || i == len(o.Cells)) {
			// Freeing a library's object, or stepping past one
			// (circ assumes a library's T* points to one T).
			misfits = append(misfits, a)
			continue
		}
		if s.library && !s.cells[a] && o != nil && o.Kind != cfa.FuncObject && o.Kind != cfa.ExternObject && i == len(o.Cells) {
			// One past an object: the library may step back into it.
			fits = append(fits, a)
			continue
		}
		if s.cells[a] || o == nil || o.Kind == cfa.FuncObject || i == len(o.Cells) {
			continue
		}
		switch {
		case s.anyType:
			fits = append(fits, a)
		case s.typ == nil:
			if o.Kind == cfa.HeapObject && i == 0 {
				fits = append(fits, a)
			}
		case compatible(b, b.cellTyp[o.Cells[i]], s.typ) || s.misreads(o, i):
			fits = append(fits, a)
		default:
			misfits = append(misfits, a)
		}
	}
	return fits, misfits
}

// seen lists the addresses of vals that site s goes through: those a
// defined access may use, and for a library's reach those one past an
// array too (it reaches the whole object).
func (s *derefSite) seen(vals pointsto.Set) []int64 {
	if s.library {
		return vals.All()
	}
	return vals.Sorted()
}

// extendDerefs adds to each site the arms unarmed says it lacks; it
// reports whether it added any.
func (b *builder) extendDerefs(r *pointsto.Result) bool {
	added := false
	for _, s := range b.derefs {
		if !s.stale(r) {
			continue // the arms it lacked have been added
		}
		fits, _ := b.unarmed(s, r)
		for _, a := range fits {
			s.extend(a)
			added = true
		}
	}
	return added
}

// stale reports whether what unarmed says of s may have changed since
// extendDerefs last asked, and records that it asks now.
func (s *derefSite) stale(r *pointsto.Result) bool {
	reach := s.err != nil && r.Reachable(s.t.c, s.err.From)
	if s.addrVars == nil {
		vs := map[*cfa.Var]bool{}
		cfa.Vars(s.addr, vs)
		s.addrVars = make([]*cfa.Var, 0, len(vs))
		for v := range vs {
			s.addrVars = append(s.addrVars, v)
		}
	}
	stale := !s.checked || reach != s.checkedReach
	for _, v := range s.addrVars {
		stale = stale || r.ChangedSince(v, s.checkedAt)
	}
	s.checked, s.checkedAt, s.checkedReach = true, r.Version(), reach
	return stale
}

// checkDerefs rejects a dereference that may reach a cell of another
// type or any address at all, and one that can only fail: its pointer
// never holds a valid target (an uninitialized pointer), so every run
// reaching it is undefined, and a verdict on what follows would prove
// nothing about the program.
func (b *builder) checkDerefs(r *pointsto.Result) {
	for _, s := range b.derefs {
		if s.err == nil || !r.Reachable(s.t.c, s.err.From) {
			continue
		}
		_, misfits := b.unarmed(s, r)
		misfits = b.guardedOut(s, misfits)
		if len(misfits) > 0 && b.guardByteAccess(s, r) {
			misfits = b.guardedOut(s, misfits)
		}
		if len(misfits) > 0 && s.fn {
			o, _ := b.prog.Memory.Find(misfits[0])
			b.failAt(s.pos, "unsupported: %s may call %s, which circ cannot call there (another type, no body, or a recursive call)", s.text, o.Name)
		}
		switch vals := r.Eval(s.addr); {
		case vals.Top:
			b.failAt(s.pos, "unsupported: %s may point anywhere", s.text)
		case s.lenient:
		case s.fn && !anyArmed(s, vals):
			b.failAt(s.pos, "unsupported: %s never points to a function here (uninitialized?); circ does not check past undefined behaviour", s.text)
		case !s.fn && !s.nullOK && !b.anyValid(vals):
			b.failAt(s.pos, "unsupported: %s never points to an object here (uninitialized?); circ does not check past undefined behaviour", s.text)
		}
		b.checkAtomicViews(s, r.Eval(s.addr))
		if len(misfits) > 0 && !b.undefinedMisfits(s, misfits, r.Eval(s.addr)) {
			o, i := b.prog.Memory.Find(misfits[0])
			if o.Kind == cfa.ExternObject && (i == len(o.Cells) || s.typ == nil) {
				b.failAt(s.pos, "unsupported: %s may free or step past %s, memory of a library", s.text, o.Name)
			}
			b.failAt(s.pos, "unsupported: %s may point to %s, of type %s, accessed as %s", s.text, o.CellName(i), describeC(b.cellTyp[o.Cells[i]]), describeC(s.typ))
		}
	}
}

// undefinedMisfits reports whether the cells of another type that site
// s may reach (misfits) are ones C forbids it to access, so that the
// error arm may take them: cells of objects with a declared type (not
// heap blocks, whose type is what is stored in them), accessed as a
// scalar wider than a character (a character type may read anything).
// The site must also reach cells of its own type: a site that can only
// pun is rejected, as the program most likely means it (compiled with
// -fno-strict-aliasing); a site that also reaches its own cells sees
// the others through the points-to analysis's imprecision (a list
// head's address turned into its container's, which the loop guard
// never lets through).
func (b *builder) undefinedMisfits(s *derefSite, misfits []int64, vals pointsto.Set) bool {
	if s.fn || s.library || s.typ == nil || !anyArmed(s, vals) || (isInt(s.typ) && s.typ.Size() <= 1) {
		return false
	}
	for _, a := range misfits {
		switch o, _ := b.prog.Memory.Find(a); o.Kind {
		case cfa.StaticObject, cfa.StackObject, cfa.StringObject:
		default:
			return false
		}
	}
	return true
}

// prune removes the assumptions that never hold and rebuilds the error
// arms' guards.
func (b *builder) prune(r *pointsto.Result) {
	for _, c := range b.prog.Templates {
		kept := c.Edges[:0]
		for _, e := range c.Edges {
			if r.Feasible(e) {
				kept = append(kept, e)
			}
		}
		c.Edges = kept
	}
	for _, s := range b.derefs {
		if s.err == nil {
			continue
		}
		vals := r.Eval(s.addr)
		var none cfa.Expr = num(1)
		if s.nullOK {
			none = mkBin(cfa.Ne, s.addr, num(0))
		}
		for _, a := range s.seen(vals) {
			if !s.cells[a] {
				continue
			}
			switch o, _ := b.prog.Memory.Find(a); {
			case o.Block != nil && s.typ == nil:
				tracked, untracked := blockStarts(o, s.addr)
				none = mkBin(cfa.And, none, cfa.Unary{Op: cfa.Not, X: mkBin(cfa.Or, tracked, untracked)})
			case o.Elements() && s.typ != nil:
				// The tracked element past the block's end is an error.
				covered := mkBin(cfa.Or, trackedGuard(o, s.addr, a), untrackedGuard(o, s.addr, a))
				none = mkBin(cfa.And, none, cfa.Unary{Op: cfa.Not, X: covered})
			case o.Summary() && !o.Elements():
				none = mkBin(cfa.And, none, cfa.Unary{Op: cfa.Not, X: inInstances(o, s.addr, a)})
			default:
				none = mkBin(cfa.And, none, mkBin(cfa.Ne, s.addr, num(a)))
			}
		}
		s.err.Cond = none
	}
}

// privatize makes the stack and heap objects of a template that can run
// more than once locals of that template when no other thread can reach
// them, and rejects them otherwise.
func (b *builder) privatize(r *pointsto.Result) {
	mem := b.prog.Memory
	owned := map[*cfa.Object]bool{}
	for _, o := range mem.Objects {
		if o.Owner == nil || !(o.Owner.Mult.Unbounded || o.Owner.Mult.Count > 1) {
			continue
		}
		// The blocks of variable size a thread allocates, or a large
		// buffer on its stack (summarizes), are that thread's alone
		// while they do not escape: their cells, length and counter
		// become the template's locals; the tracked element is one
		// index for every thread's.
		if o.Summary() && !(o.Elements() && (b.allocEdges[o] != nil || o.Kind == cfa.StackObject)) {
			continue
		}
		owned[o] = true
	}
	for o, e := range b.allocEdges {
		if (!o.Summary() || o.Elements() && o.Block == nil) && o.Owner.OnCycle(e) {
			b.summarizeHeap(o, "allocates in a loop")
			delete(owned, o)
		}
	}
	if len(owned) == 0 {
		return
	}
	// An object escapes when a create passes its address, a global that
	// is not a cell of a private object of the same template holds it,
	// or another template's local does; escaping spreads to the objects
	// an escaping object's cells point to.
	holders := map[*cfa.Object][]*cfa.Var{}
	var vars []*cfa.Var
	vars = append(vars, b.prog.Globals...)
	for _, c := range b.prog.Templates {
		vars = append(vars, c.Locals...)
	}
	localOf := map[*cfa.Var]*cfa.CFA{}
	for _, c := range b.prog.Templates {
		for _, v := range c.Locals {
			localOf[v] = c
		}
	}
	for _, v := range vars {
		for _, a := range r.Values(v).All() {
			if o, _ := mem.Find(a); o != nil && owned[o] {
				holders[o] = append(holders[o], v)
			}
		}
	}
	escaped := map[*cfa.Object]string{}
	for _, c := range b.prog.Templates {
		for _, e := range c.Edges {
			if e.Kind != cfa.Create || e.Arg == nil {
				continue
			}
			for _, a := range r.Eval(e.Arg).All() {
				if o, _ := mem.Find(a); o != nil && owned[o] {
					escaped[o] = "its address is passed to a new thread"
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for o := range owned {
			if escaped[o] != "" {
				continue
			}
			for _, v := range holders[o] {
				why := ""
				if c := localOf[v]; c != nil {
					if c != o.Owner {
						why = "a local of " + c.Name + " holds its address"
					}
				} else if ci := b.cells[v]; ci == nil || !owned[ci.obj] || ci.obj.Owner != o.Owner || escaped[ci.obj] != "" {
					why = v.Name + " holds its address"
				}
				if why != "" {
					escaped[o] = why
					changed = true
					break
				}
			}
		}
	}
	for _, o := range mem.Objects {
		if !owned[o] {
			continue
		}
		if why := escaped[o]; why != "" {
			if o.Block != nil {
				continue // a summary of every thread's blocks already
			}
			if b.allocEdges[o] != nil {
				b.summarizeHeap(o, "is shared between threads of "+o.Owner.Name+", which can run more than once")
				continue
			}
			b.failAt(o.Pos, "unsupported: %s is shared between threads of %s, which can run more than once (%s; summaries of stack objects are not implemented)", o.Name, o.Owner.Name, why)
		}
		for _, v := range o.Cells {
			v.Global = false
			o.Owner.Locals = append(o.Owner.Locals, v)
		}
		if o.Elements() && !o.FixedLen() {
			// (An array's length is a constant: its Init.)
			o.Len.Global = false
			o.Owner.Locals = append(o.Owner.Locals, o.Len)
		}
		if o.Block != nil {
			// Each thread's blocks are its own, numbered from 0.
			for _, v := range []*cfa.Var{o.Block, o.Starts, o.Next} {
				v.Global = false
				o.Owner.Locals = append(o.Owner.Locals, v)
			}
		}
	}
	// A private synchronization object's derived state is private too.
	for k, v := range b.fields {
		if k.tmpl == nil && !k.base.Global && v.Global {
			v.Global = false
			b.cells[k.base].obj.Owner.Locals = append(b.cells[k.base].obj.Owner.Locals, v)
		}
	}
	globals := b.prog.Globals[:0]
	for _, v := range b.prog.Globals {
		if v.Global {
			globals = append(globals, v)
		}
	}
	b.prog.Globals = globals
}

// anyValid reports whether vals holds the address of some cell.
func (b *builder) anyValid(vals pointsto.Set) bool {
	for a := range vals.Addrs {
		if o, i := b.prog.Memory.Find(a); o != nil && i < len(o.Cells) {
			return true
		}
	}
	return false
}

// anyArmed reports whether vals holds an address site s has an arm for.
func anyArmed(s *derefSite, vals pointsto.Set) bool {
	for a := range vals.Addrs {
		if s.cells[a] {
			return true
		}
	}
	return false
}
