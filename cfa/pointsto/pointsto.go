// Package pointsto computes which addresses each variable of a lowered
// program may hold: a flow-insensitive, inclusion-based (Andersen-style)
// may-points-to analysis over the CFA IR, where pointers are integers and
// the addresses are those of cfa.Memory. It is field- and element-
// sensitive (every cell has its own address) and follows control only as
// far as the guards of the front end's dereference choices: an edge is
// taken into account once the location it leaves is reachable and its
// guard `addr == A` can hold, so an arm for a cell the pointer never
// reaches contributes nothing and can be removed.
//
// Its only user is the front end (cfa/cfront's settle.go), which uses the
// result to prune those arms (those of calls through function pointers
// too), to check that every address a dereference may see is covered by
// an arm of the right type, to decide which objects stay private to one
// thread and which heap objects need a summary, and to reject the uses
// of addresses whose outcome circ's layout would decide (arithmetic on
// them, comparisons C leaves unspecified, addresses handed to a
// library).
package pointsto

import (
	"cmp"
	"sort"

	"circ/cfa"
)

// Set is the set of addresses an expression may evaluate to. Top means
// any address at all (the expression's provenance is lost). Values that
// are no address are not recorded, except for one bit: Int, whether the
// expression may be a non-zero integer (a number, an indeterminate
// value). A set with neither addresses nor Int is that of null, which
// lets the analysis see that `if (fp) fp();` never calls when fp is
// only ever null (an optional callback nobody sets).
//
// Addrs are the addresses a defined access may go through. Past are
// addresses one past the end of an array that a subscript or field
// selection reaches (&a[n], and what a constant offset forward from
// there gives): C lets a pointer hold them and step back, but an
// access through them is undefined, even where the address is another
// field's cell (the member after a member array), so a dereference
// needs no arm for them. An address may be in both.
type Set struct {
	Addrs map[int64]bool
	Past  map[int64]bool
	Top   bool
	Int   bool
}

// Has reports whether s may hold a as an address a defined access goes
// through.
func (s Set) Has(a int64) bool { return s.Top || s.Addrs[a] }

// HasAny reports whether s may hold a at all.
func (s Set) HasAny(a int64) bool { return s.Has(a) || s.Past[a] }

// Sorted lists the addresses of Addrs in increasing order.
func (s Set) Sorted() []int64 { return sorted(s.Addrs, nil) }

// All lists every address s may hold, Addrs and Past, in increasing
// order: what a pointer may carry (to another thread, into a library).
func (s Set) All() []int64 { return sorted(s.Addrs, s.Past) }

// Empty reports whether s holds no address.
func (s Set) Empty() bool { return !s.Top && len(s.Addrs) == 0 && len(s.Past) == 0 }

// Null reports whether s holds only 0.
func (s Set) Null() bool { return s.Empty() && !s.Int }

func sorted(a, b map[int64]bool) []int64 {
	out := make([]int64, 0, len(a)+len(b))
	for x := range a {
		out = append(out, x)
	}
	for x := range b {
		if !a[x] {
			out = append(out, x)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Result is the analysis of one program.
type Result struct {
	prog *cfa.Program
	mem  *cfa.Memory
	arms map[*cfa.Edge]Arm
	subs map[cfa.Binary]Subscript
	// runEnd: Analyze's, for Run subscripts.
	runEnd func(a int64) (int64, bool)
	vals   map[*cfa.Var]*Set
	reach  map[*cfa.CFA][]bool
	// ptrBits is the width of a pointer (cfa.Program.PointerBits).
	ptrBits int
	// changed are the variables whose sets the transfer being run
	// grew (Analyze's worklist).
	changed []*cfa.Var
	// evals caches Eval of compound expressions while the value sets
	// of the variables they read do not change; evalsOf lists, per
	// variable, the cached expressions that read it. The arms of a
	// copy into a buffer of n cells, each growing a set, would
	// otherwise evaluate its address n times.
	evals   map[cfa.Expr]Set
	evalsOf map[*cfa.Var][]cfa.Expr
	// version counts the changes of value sets; changedAt is each
	// variable's last.
	version   int
	changedAt map[*cfa.Var]int
	// The worklist (Extend): each template's out-edges, the edges
	// that read each variable, the edges seen so far and their
	// templates, and the edges queued.
	out     map[*cfa.CFA][][]*cfa.Edge
	seen    map[*cfa.CFA]int // the edges in out's lists: c.Edges[:seen]
	readers map[*cfa.Var][]*cfa.Edge
	known   map[*cfa.Edge]bool
	owner   map[*cfa.Edge]*cfa.CFA
	queued  map[*cfa.Edge]bool
	work    []*cfa.Edge
}

// Arm is what the guard of one arm of a dereference choice requires:
// that Addr holds Target (for a summary object: Target in some instance).
type Arm struct {
	Addr   cfa.Expr
	Target int64
	// Past: the arm is taken for Target held as an address one past
	// an array too (a library reaching the whole object).
	Past bool
}

// Subscript describes an address sum base + i*Stride that subscripts
// an array of Len elements of Stride cells starting at base (a[i],
// p->a[i], a + i): C keeps i in [0, Len], so the sum reaches the
// elements and, one past them, an address no access goes through.
// ToEnd: the array may extend past its declared length to its object's
// end (a struct's last member: the "struct hack"), whose cells are then
// elements too. The zero Subscript bounds nothing.
//
// Run: the sum is a position in the string the base points to, as a
// string function returns it (strstr): it stays in the run of byte
// cells the base is in, up to one past it (Analyze's runEnd), for the
// function walked the string cell by cell and stops at a cell that is
// no byte. Found: the position holds a char the walk read (strchr's
// match), never the one past the run.
type Subscript struct {
	Len, Stride int64
	ToEnd       bool
	Run, Found  bool
}

// Analyze runs the analysis to its fixpoint. arms are the guards of
// dereference choices: the only assumptions it reads, for an integer
// compared with a number that happens to be an address may well be
// equal to it. subs are the address sums that subscript an array. The
// program's out-edge lists need not be computed. runEnd gives, for an
// address in a run of byte cells, the address one past the run (false:
// the address is in none); a Run subscript needs it.
func Analyze(p *cfa.Program, arms map[*cfa.Edge]Arm, subs map[cfa.Binary]Subscript, runEnd func(a int64) (int64, bool)) *Result {
	r := &Result{prog: p, mem: p.Memory, arms: arms, subs: subs, runEnd: runEnd, vals: map[*cfa.Var]*Set{}, reach: map[*cfa.CFA][]bool{}, ptrBits: cmp.Or(p.PointerBits, 64),
		out: map[*cfa.CFA][][]*cfa.Edge{}, seen: map[*cfa.CFA]int{}, readers: map[*cfa.Var][]*cfa.Edge{}, known: map[*cfa.Edge]bool{}, owner: map[*cfa.Edge]*cfa.CFA{}, queued: map[*cfa.Edge]bool{}}
	// Initial values: a static pointer's initializer, or a number.
	seed := func(v *cfa.Var) {
		switch {
		case r.mem.IsAddr(v.Init):
			r.add(v, r.addrs(cfa.Const{Val: v.Init}))
		case v.Init != 0:
			r.add(v, Set{Int: true})
		}
	}
	for _, v := range p.Globals {
		seed(v)
	}
	for _, c := range p.Templates {
		for _, v := range c.Locals {
			seed(v)
		}
		if c.Self != nil {
			r.add(c.Self, Set{Int: true}) // the thread's id, set as it starts
		}
	}
	r.Extend()
	return r
}

// Extend brings r to the fixpoint of the program as it is now, after
// locations and edges were added to it (arms of dereferences, and the
// writes of union members they make). Edges already there must be
// unchanged. Values only grow, so the analysis goes on from r's
// fixpoint, which is below the new one, to the new one, as a new
// Analyze would, but visits only the edges the new ones affect.
func (r *Result) Extend() {
	p := r.prog
	for _, c := range p.Templates {
		if n := len(c.Locs) - len(r.reach[c]); n > 0 {
			r.reach[c] = append(r.reach[c], make([]bool, n)...)
		}
		// Edges are only appended (a new arm, a union member's
		// write after an edge whose target moves to it), never
		// moved to another source: the lists grow by the new ones.
		o := r.out[c]
		if n := len(c.Locs) - len(o); n > 0 {
			o = append(o, make([][]*cfa.Edge, n)...)
		}
		for _, e := range c.Edges[r.seen[c]:] {
			o[e.From] = append(o[e.From], e)
		}
		r.out[c] = o
	}
	// A worklist of edges: an edge is (re)visited when its source
	// becomes reachable or a variable it reads gains values.
	for _, c := range p.Templates {
		for _, e := range c.Edges[r.seen[c]:] {
			if r.known[e] {
				continue
			}
			r.known[e], r.owner[e] = true, c
			r.edgeReads(e, func(v *cfa.Var) { r.readers[v] = append(r.readers[v], e) })
			if r.reach[c][e.From] {
				r.push(e)
			}
		}
		r.seen[c] = len(c.Edges)
	}
	if main := p.Main(); !r.reach[main][main.Entry] {
		r.reached(main, main.Entry)
	}
	for len(r.work) > 0 {
		e := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		delete(r.queued, e)
		c := r.owner[e]
		if !r.reach[c][e.From] || !r.Feasible(e) {
			continue
		}
		if !r.reach[c][e.To] {
			r.reached(c, e.To)
		}
		if e.Kind == cfa.Create && !r.reach[e.Template][e.Template.Entry] {
			r.reached(e.Template, e.Template.Entry)
		}
		r.changed = r.changed[:0]
		r.transfer(e)
		for _, v := range r.changed {
			for _, d := range r.readers[v] {
				r.push(d)
			}
		}
	}
}

func (r *Result) push(e *cfa.Edge) {
	if !r.queued[e] {
		r.queued[e] = true
		r.work = append(r.work, e)
	}
}

// reached marks l of c reachable and queues the edges leaving it.
func (r *Result) reached(c *cfa.CFA, l int) {
	r.reach[c][l] = true
	for _, e := range r.out[c][l] {
		r.push(e)
	}
}

// edgeReads calls read with each variable whose values e's transfer or
// feasibility reads (a variable read twice, twice).
func (r *Result) edgeReads(e *cfa.Edge, read func(*cfa.Var)) {
	var walk func(x cfa.Expr)
	walk = func(x cfa.Expr) {
		switch x := x.(type) {
		case cfa.Ref:
			read(x.V)
		case cfa.Unary:
			walk(x.X)
		case cfa.Binary:
			walk(x.X)
			walk(x.Y)
		case cfa.Cond:
			walk(x.C)
			walk(x.T)
			walk(x.F)
		}
	}
	switch e.Kind {
	case cfa.Assign:
		walk(e.RHS)
	case cfa.Havoc:
		if e.Like != nil {
			read(e.Like)
		}
	case cfa.Create:
		if e.Arg != nil {
			walk(e.Arg)
		}
	case cfa.Assume:
		if a, ok := r.arms[e]; ok {
			walk(a.Addr)
		} else {
			walk(e.Cond)
		}
	}
}

// transfer adds e's effect on the value sets; it reports a change.
func (r *Result) transfer(e *cfa.Edge) bool {
	changed := false
	if e.Mutex != nil {
		// Lock, TryLock and Unlock: a lock's state is a number.
		changed = r.add(e.Mutex, Set{Int: true})
	}
	switch e.Kind {
	case cfa.Assign:
		return r.add(e.LHS, r.Eval(e.RHS)) || changed
	case cfa.Havoc:
		// A value circ does not know (what a joined thread returned,
		// a library's result): any address at all. A plain havoc is
		// an indeterminate value (uninitialized memory), which holds
		// no object's address a defined program could use, but any
		// number.
		if e.Approx && !e.Numbers {
			return r.add(e.LHS, Set{Top: true}) || changed
		}
		if e.Like != nil {
			return r.add(e.LHS, r.Values(e.Like)) || changed
		}
		return r.add(e.LHS, Set{Int: true}) || changed
	case cfa.Create:
		if e.LHS != nil {
			changed = r.add(e.LHS, Set{Int: true}) // a thread's id
		}
		if !r.reach[e.Template][e.Template.Entry] {
			r.reach[e.Template][e.Template.Entry] = true
			changed = true
		}
		if e.Arg != nil && e.Template.Param != nil {
			changed = r.add(e.Template.Param, r.Eval(e.Arg)) || changed
		}
	case cfa.TryLock:
		if e.LHS != nil {
			changed = r.add(e.LHS, Set{Int: true}) || changed // EBUSY
		}
	}
	return changed
}

func (r *Result) add(v *cfa.Var, s Set) bool {
	cur := r.vals[v]
	if cur == nil {
		cur = &Set{Addrs: map[int64]bool{}, Past: map[int64]bool{}}
		r.vals[v] = cur
	}
	changed := false
	defer func() {
		if changed {
			r.changed = append(r.changed, v)
			for _, x := range r.evalsOf[v] {
				delete(r.evals, x)
			}
			delete(r.evalsOf, v)
			r.version++
			if r.changedAt == nil {
				r.changedAt = map[*cfa.Var]int{}
			}
			r.changedAt[v] = r.version
		}
	}()
	if s.Top && !cur.Top {
		cur.Top, changed = true, true
	}
	if s.Int && !cur.Int {
		cur.Int, changed = true, true
	}
	for a := range s.Addrs {
		if !cur.Addrs[a] {
			cur.Addrs[a] = true
			changed = true
		}
	}
	for a := range s.Past {
		if !cur.Past[a] {
			cur.Past[a] = true
			changed = true
		}
	}
	return changed
}

// Version counts the changes of the value sets so far.
func (r *Result) Version() int { return r.version }

// ChangedSince reports whether v's set has changed after version n.
func (r *Result) ChangedSince(v *cfa.Var, n int) bool { return r.changedAt[v] > n }

// Values is the set of addresses v may hold.
func (r *Result) Values(v *cfa.Var) Set {
	if s := r.vals[v]; s != nil {
		return *s
	}
	return Set{}
}

// Reachable reports whether location l of c may be reached.
func (r *Result) Reachable(c *cfa.CFA, l int) bool { return r.reach[c][l] }

// Feasible reports whether e's guard may hold: false only for an arm
// whose pointer never holds the arm's target, and for a test `x != 0`
// of an x that is only ever null.
func (r *Result) Feasible(e *cfa.Edge) bool {
	if e.Kind != cfa.Assume {
		return true
	}
	a, ok := r.arms[e]
	if !ok {
		x, ok := nonZeroTest(e.Cond)
		return !ok || !r.Eval(x).Null()
	}
	if a.Past {
		return r.Eval(a.Addr).HasAny(a.Target)
	}
	return r.Eval(a.Addr).Has(a.Target)
}

// nonZeroTest matches a condition x != 0 (0 != x, or x alone as a
// truth value) and returns x.
func nonZeroTest(c cfa.Expr) (cfa.Expr, bool) {
	switch x := c.(type) {
	case cfa.Ref:
		return x, true
	case cfa.Unary:
		_, conv := x.Op.IntType()
		return x, conv
	}
	b, ok := c.(cfa.Binary)
	if !ok || b.Op != cfa.Ne {
		return nil, false
	}
	if k, ok := b.Y.(cfa.Const); ok && k.Val == 0 {
		return b.X, true
	}
	if k, ok := b.X.(cfa.Const); ok && k.Val == 0 {
		return b.Y, true
	}
	return nil, false
}

// Eval is the set of addresses e may evaluate to, with Int.
func (r *Result) Eval(e cfa.Expr) Set {
	switch e.(type) {
	case cfa.Const, cfa.Ref:
		return r.eval(e)
	}
	// The arms of one dereference share its address, and each is
	// revisited when the address's variables grow: one evaluation
	// serves them all until the set of a variable it reads changes
	// (add drops it then).
	if s, ok := r.evals[e]; ok {
		return s
	}
	s := r.eval(e)
	if r.evals == nil {
		r.evals, r.evalsOf = map[cfa.Expr]Set{}, map[*cfa.Var][]cfa.Expr{}
	}
	r.evals[e] = s
	reads := map[*cfa.Var]bool{}
	cfa.Vars(e, reads)
	for v := range reads {
		r.evalsOf[v] = append(r.evalsOf[v], e)
	}
	return s
}

func (r *Result) eval(e cfa.Expr) Set {
	s := r.addrs(e)
	s.Int = s.Int || r.mayInt(e)
	return s
}

// mayInt reports whether e may evaluate to a non-zero integer that is
// no address. It over-approximates: only what certainly keeps 0 at 0
// (a conversion, a sum) or adds nothing else (a choice) is followed.
func (r *Result) mayInt(e cfa.Expr) bool {
	switch e := e.(type) {
	case cfa.Const:
		return e.Val != 0 && !r.mem.IsAddr(e.Val)
	case cfa.Ref:
		return r.Values(e.V).Int
	case cfa.Cond:
		return r.mayInt(e.T) || r.mayInt(e.F)
	case cfa.Unary:
		if to, ok := e.Op.IntType(); ok {
			// An address it truncates is lost (Top, or, in a type
			// too narrow for any address, a number); 0 stays 0, and
			// a non-zero number non-zero or another number.
			if int(to.Bits) < r.ptrBits && !r.addrs(e.X).Empty() {
				return true
			}
			return r.mayInt(e.X)
		}
	case cfa.Binary:
		switch e.Op {
		case cfa.Add:
			return r.mayInt(e.X) || r.mayInt(e.Y)
		case cfa.Sub:
			return r.mayInt(e.X) || r.mayInt(e.Y) || !r.addrs(e.Y).Empty()
		}
	}
	return true
}

// addrs is the set of addresses e may evaluate to; Int only as the
// variables e reads carry it.
func (r *Result) addrs(e cfa.Expr) Set {
	switch e := e.(type) {
	case cfa.Const:
		if o, i := r.mem.Find(e.Val); o != nil && o.Elements() && i < len(o.Cells) {
			// A constant address in an array summary (&t[5]): its
			// representative in the tracked element, as offset
			// gives it.
			return Set{Addrs: map[int64]bool{o.Base + (e.Val-o.Base)%o.Stride: true}}
		}
		if r.mem.IsAddr(e.Val) {
			return Set{Addrs: map[int64]bool{e.Val: true}}
		}
	case cfa.Ref:
		return r.Values(e.V)
	case cfa.Cond:
		return union(r.addrs(e.T), r.addrs(e.F))
	case cfa.Unary:
		to, ok := e.Op.IntType()
		if ok && int(to.Bits) >= r.ptrBits {
			return r.addrs(e.X) // an address converts to itself in an integer as wide as a pointer
		}
		if _, hi, _ := to.Bounds(); ok && hi < r.mem.Lowest() {
			return Set{} // too narrow to hold any address (a char)
		}
		return lost(r.addrs(e.X))
	case cfa.Binary:
		switch e.Op {
		case cfa.Add:
			if sub := r.subs[e]; sub.Len > 0 || sub.Run {
				return r.subscript(r.addrs(e.X), sub)
			}
			x, y := r.addrs(e.X), r.addrs(e.Y)
			if x.Empty() {
				x, y = y, x
				e.X, e.Y = e.Y, e.X
			}
			return r.offset(x, e.Y, 1)
		case cfa.Sub:
			if y := r.addrs(e.Y); !y.Empty() {
				return Set{} // a pointer difference is an integer
			}
			return r.offset(r.addrs(e.X), e.Y, -1)
		}
		if e.Op.IsBool() {
			return Set{}
		}
		return lost(union(r.addrs(e.X), r.addrs(e.Y)))
	}
	return Set{}
}

// lost is the value of an operation circ cannot follow addresses
// through (a tag bit masked off, an address scaled): any address if an
// operand held one.
func lost(s Set) Set {
	if !s.Empty() {
		return Set{Top: true}
	}
	return Set{}
}

// offset is the set base + sign*k for k the value of off: exact for a
// constant off, otherwise every address of the objects base points into
// (C keeps pointer arithmetic inside one object). A constant step
// forward from an address one past an array (a field of &a[n]) stays
// one past; a step back enters the array.
func (r *Result) offset(base Set, off cfa.Expr, sign int64) Set {
	if base.Top {
		return Set{Top: true}
	}
	if base.Empty() {
		return Set{}
	}
	out := Set{Addrs: map[int64]bool{}, Past: map[int64]bool{}}
	if k, ok := off.(cfa.Const); ok {
		shift := func(from, to map[int64]bool) {
			for a := range from {
				b := a + sign*k.Val
				o, _ := r.mem.Find(a)
				switch {
				case o != nil && o.Elements() && b >= o.Base:
					// Any element of a block of variable length:
					// its representative in the tracked one.
					to[o.Base+(b-o.Base)%o.Stride] = true
				case o != nil && b >= o.Base && b <= o.End():
					to[b] = true
				}
			}
		}
		shift(base.Addrs, out.Addrs)
		if sign*k.Val >= 0 {
			shift(base.Past, out.Past)
		} else {
			shift(base.Past, out.Addrs)
		}
		return out
	}
	// An index scaled by a stride k (i*k, the front end's element
	// offsets) moves by multiples of k; any other offset anywhere.
	step := int64(1)
	if m, ok := off.(cfa.Binary); ok && m.Op == cfa.Mul {
		if k, ok := m.Y.(cfa.Const); ok && k.Val > 0 {
			step = k.Val
		} else if k, ok := m.X.(cfa.Const); ok && k.Val > 0 {
			step = k.Val
		}
	}
	fill := r.newObjectFill(out.Addrs)
	for _, a := range base.All() {
		fill.add(a, step)
	}
	return out
}

// objectFill adds whole objects to a set of addresses: for an address
// a and a step, the addresses of a's object that lie a multiple of step
// away from a, up to its end. It fills each object and residue once, so
// that a set holding every byte of a large buffer costs its size, not
// its square.
type objectFill struct {
	r    *Result
	out  map[int64]bool
	done map[[3]int64]bool // object base, step, residue
}

func (r *Result) newObjectFill(out map[int64]bool) *objectFill {
	return &objectFill{r: r, out: out, done: map[[3]int64]bool{}}
}

func (f *objectFill) add(a, step int64) {
	o, _ := f.r.mem.Find(a)
	if o == nil || o.Kind == cfa.FuncObject {
		return
	}
	first := a - (a-o.Base)/step*step
	key := [3]int64{o.Base, step, first - o.Base}
	if f.done[key] {
		return
	}
	f.done[key] = true
	for b := first; b <= o.End(); b += step {
		f.out[b] = true
	}
}

// subscript is the set base + i*sub.Stride for i in [0, sub.Len]: the
// elements, and one past them (Past). From a base that is itself one
// past an array, every such address is one past. A base whose object
// is too short for the array (the pointer's type does not match its
// object) falls back to the whole object.
func (r *Result) subscript(base Set, sub Subscript) Set {
	if base.Top {
		return Set{Top: true}
	}
	out := Set{Addrs: map[int64]bool{}, Past: map[int64]bool{}}
	fill := r.newObjectFill(out.Addrs)
	span := func(a int64, elems map[int64]bool) {
		isPast := base.Past[a] && !base.Addrs[a]
		o, _ := r.mem.Find(a)
		if o == nil || o.Kind == cfa.FuncObject {
			return
		}
		end := a + sub.Len*sub.Stride
		if sub.ToEnd {
			end = o.End()
		}
		if sub.Run {
			var ok bool
			if end, ok = r.runEnd(a); !ok {
				if isPast {
					out.Past[a] = true // one past a run, where a walk stops
				} else {
					fill.add(a, 1) // in no run: anywhere
				}
				return
			}
		}
		if end > o.End() {
			fill.add(a, sub.Stride)
			return
		}
		b := a
		for ; b < end; b += sub.Stride {
			elems[b] = true
		}
		if b <= o.End() && !sub.Found {
			out.Past[b] = true
		}
	}
	for a := range base.Addrs {
		span(a, out.Addrs)
	}
	for a := range base.Past {
		span(a, out.Past)
	}
	return out
}

func union(a, b Set) Set {
	out := Set{Addrs: map[int64]bool{}, Past: map[int64]bool{}, Top: a.Top || b.Top, Int: a.Int || b.Int}
	for _, s := range []Set{a, b} {
		for x := range s.Addrs {
			out.Addrs[x] = true
		}
		for x := range s.Past {
			out.Past[x] = true
		}
	}
	return out
}
