package predabs

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"

	"circ/acfa"
	"circ/cfa"
	"circ/smt"

	"github.com/aclements/go-z3/z3"
)

// Phase of the analysed thread.
type Phase int8

const (
	// Unborn: the analysed instance has not been created yet; it is
	// born when some thread executes a create of its template.
	Unborn Phase = iota
	// Running: the thread is at PC.
	Running
)

// Setup is the abstract program ((C, P), (A, k)) for one template as the
// main thread.
type Setup struct {
	Prog  *cfa.Program
	Main  int // the analysed template
	Preds *Preds
	// ACFAs holds the context: one ACFA per template (possibly empty).
	ACFAs []*acfa.ACFA
	K     int
	// Var is the variable checked for races (nil: none).
	Var *cfa.Var
	// CircDef selects the paper's race definition (no thread at an
	// atomic location); otherwise SV-COMP's.
	CircDef bool
	// HandleTemplate maps a thread-handle variable to the one template
	// it can hold an instance of; joins on other handles wait for
	// nothing (an over-approximation).
	HandleTemplate map[*cfa.Var]int
	Solver         *smt.Solver
	MaxStates      int
	// Exact runs the context with at most K live instances of each
	// template and no omega (the paper's ReachAndBuild^k of omega-CIRC):
	// a create beyond K makes a thread that is never scheduled, which the
	// program can do too. The result under-approximates the context of
	// unboundedly many threads, so a fixpoint found this way proves
	// nothing until a round without Exact confirms it.
	Exact bool
	// Decided holds the undefined-behaviour edges (cfa.Edge.Undefined)
	// whose reachability the check has settled. With RefineUB, the
	// search stops at any other one the main thread can take, with a
	// *RaceError whose Undefined is set: the caller refines it away or
	// reports it. Without, the search goes on (the run is cut there)
	// and the caller reads the ARG for the ones it reached
	// (ARG.Undefined).
	Decided  map[*cfa.Edge]bool
	RefineUB bool
	// AllPreds holds the predicates of every template (Preds has this
	// one's): a global any of them mentions is observed (observable).
	AllPreds []Pred
	// Posts, when set for Prog, keeps abstract posts for the next
	// ReachAndBuild on the same program (PostCache).
	Posts *PostCache
}

// OpKind says who moves in an abstract step.
type OpKind int8

const (
	MainMove    OpKind = iota // the main thread takes Edge
	ContextMove               // a context thread of Template takes ACFA edge AEdge
	BirthMove                 // a context thread's create gives birth to the main thread
)

// Op is one abstract step.
type Op struct {
	Kind     OpKind
	Edge     *cfa.Edge // MainMove
	Template int       // ContextMove, BirthMove: the moving context thread's template
	AEdge    int       // index into ACFAs[Template].Edges
}

// Describe renders the step for traces of the analysis.
func (o Op) Describe(s *Setup) string {
	if o.Kind == MainMove {
		return fmt.Sprintf("main: %s", o.Edge)
	}
	e := s.ACFAs[o.Template].Edges[o.AEdge]
	d := fmt.Sprintf("%s %d->%d %s", s.Prog.Templates[o.Template].Name, e.From, e.To, e.Action)
	if o.Kind == BirthMove {
		d += " (gives birth to main)"
	}
	return d
}

// State is an abstract state ((pc, minterm), Γ) of the abstract program.
type State struct {
	Phase  Phase
	PC     int
	M      uint64
	Gamma  acfa.Context
	Joined bool // the main thread exited and was joined
	parent int
	op     Op
	depth  int
	weight int
	gid    int // Gamma's id (intern), once pushed
	// via: the moves of a folded section (atomic, or a chain of local
	// steps; see section.go) that led here, the first entering it; op is
	// the last.
	via []viaStep
}

// stateKey identifies a state; the context is an interned id.
type stateKey struct {
	cell
	gamma int
}

// intern returns the canonical copy of g and its id: states share their
// contexts, which are few next to the states (and long: one counter per
// location of every ACFA).
func (a *analysis) intern(g acfa.Context) (acfa.Context, int) {
	a.keyBuf = g.AppendKey(a.keyBuf[:0])
	if id, ok := a.gammaID[string(a.keyBuf)]; ok {
		return a.gammas[id], id
	}
	a.gammaID[string(a.keyBuf)] = len(a.gammas)
	a.gammas = append(a.gammas, g)
	a.supports = append(a.supports, support(g))
	return g, len(a.gammas) - 1
}

// support is the set of occupied locations of g, one bit per location
// of every ACFA in turn.
func support(g acfa.Context) []uint64 {
	var out []uint64
	i := 0
	for _, cs := range g {
		for _, c := range cs {
			if i%64 == 0 {
				out = append(out, 0)
			}
			if c.Positive() {
				out[i/64] |= 1 << (i % 64)
			}
			i++
		}
	}
	return out
}

// cell is the part of a state that subsumption keeps equal.
type cell struct {
	phase  Phase
	pc     int
	m      uint64
	joined bool
}

func (s *State) cell() cell { return cell{s.Phase, s.PC, s.M, s.Joined} }

// covers reports whether big simulates small, a state of its cell: at least as
// many context threads at every location, exactly as many at atomic
// locations (a thread there blocks the others and, under the circ
// definition, every race) and at final ones (joins pick the first
// occupied one), and at handler locations in both or neither (a thread
// there blocks the moves that await no handler). Every move of small is then a move of big with the same
// effect on the main thread, and every race of small one of big.
//
// Two cheap tests come first (most pairs of a cell are incomparable):
// big has at least small's weight, and its support holds small's, equal
// where a location is not AtLeast.
func (a *analysis) covers(big, small *State) bool {
	if small.weight > big.weight {
		return false
	}
	bs, ss := a.supports[big.gid], a.supports[small.gid]
	for i, s := range ss {
		if s&^bs[i] != 0 || (s^bs[i])&a.strict[i] != 0 {
			return false
		}
	}
	return small.Gamma.CoveredBy(big.Gamma, a.matches)
}

// matchKinds is how covers compares the counts of each context
// location, and strict the support bits (support) of those that are
// not AtLeast.
//
// A location in a region whose ghost some predicate bounds (counted)
// takes the same count or omega: with more threads there surely, the
// bigger context may be pruned (admits) where the smaller one is not.
func matchKinds(As []*acfa.ACFA, counted uint64) (match [][]acfa.Match, strict []uint64) {
	match = make([][]acfa.Match, len(As))
	i := 0
	for j, A := range As {
		match[j] = make([]acfa.Match, len(A.Locs))
		for q, l := range A.Locs {
			inRegion := l.Regions&counted != 0
			switch {
			case l.Atomic || l.Transient || l.Final, l.Handler && inRegion:
				match[j][q] = acfa.Exactly
			case l.Handler:
				match[j][q] = acfa.Occupied
			case inRegion:
				match[j][q] = acfa.SameOrOmega
			}
			if i%64 == 0 {
				strict = append(strict, 0)
			}
			if match[j][q] == acfa.Exactly || match[j][q] == acfa.Occupied {
				strict[i/64] |= 1 << (i % 64)
			}
			i++
		}
	}
	return match, strict
}

// RaceError is the exception of Algorithm 1: an abstract race trace.
type RaceError struct {
	// Trace: States[0] is initial; Ops[i] leads from States[i] to
	// States[i+1]. The last state races.
	States []*State
	Ops    []Op
	// MainEdge is the main thread's enabled access; Context the racing
	// context location (template, ACFA location).
	MainEdge *cfa.Edge
	// Undefined: the trace is no race; it ends with the main thread
	// about to take MainEdge, an undefined-behaviour edge.
	Undefined       bool
	CtxTemplate     int
	CtxLoc          int
	CtxEdge         int // an out-edge of CtxLoc havocking the variable
	ContextsAtomics bool
}

func (e *RaceError) Error() string {
	return fmt.Sprintf("abstract race after %d steps", len(e.Ops))
}

// ThreadState is an ARG thread state (pc, minterm).
type ThreadState struct {
	PC int
	M  uint64
}

// ARG is the abstract reachability graph built by ReachAndBuild.
type ARG struct {
	// G has one location per class of thread states; labels are
	// regions over all predicates (locals included).
	G *acfa.ACFA
	// Projected is G with labels projected onto global predicates, the
	// input of Collapse and CheckSim.
	Projected *acfa.ACFA
	// States[n] lists the thread states merged into location n.
	States [][]ThreadState
	// EdgeOps[i] lists the CFA edges behind G.Edges[i].
	EdgeOps [][]*cfa.Edge
	// NumStates is the number of abstract states explored.
	NumStates int
}

// Undefined returns the undefined-behaviour edges outside decided that
// a thread state of arg can take (c: arg's template).
func (arg *ARG) Undefined(c *cfa.CFA, decided map[*cfa.Edge]bool) []*cfa.Edge {
	var out []*cfa.Edge
	seen := map[*cfa.Edge]bool{}
	for _, tss := range arg.States {
		for _, ts := range tss {
			for _, e := range c.Out[ts.PC] {
				if e.Undefined && !decided[e] && !seen[e] {
					seen[e] = true
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// ErrBudget is returned when the state budget is exhausted.
var ErrBudget = errors.New("abstract state budget exhausted")

// ErrTooManyPreds is returned when one analysis would need more than 64
// predicates: minterms are 64-bit masks.
var ErrTooManyPreds = errors.New("more than 64 predicates for one thread template")

// ErrAtomicOmega is returned when the counter of an atomic (or transient)
// location becomes omega. The scheduling rule (a thread there runs alone) and the circ race definition read those counters as exact; an
// omega there could stand for no thread at all and hide behaviours, so
// the analysis stops instead of going on unsoundly. With k >= 1 it can
// only happen when a template starts at an atomic location.
var ErrAtomicOmega = errors.New("counter of an atomic location became omega")

type analysis struct {
	*Setup
	tmpl      *cfa.CFA
	matches   [][]acfa.Match // matchKinds(ACFAs), for covers
	strict    []uint64
	vars      []*cfa.Var   // variables in predicates
	predVars  [][]*cfa.Var // predVars[i]: the variables of predicate i
	predAt    [2][]z3.Bool
	byName    map[string]*cfa.Var
	postCache map[string][]uint64
	// posts is Setup.Posts when it is the program's (PostCache.Of).
	posts *PostCache
	// predID[i]: predicate i's number in posts; predFuncs: the
	// predicates that use a shared function (usesFunctions).
	predID     []int
	predFuncs  uint64
	labelCache map[string]z3.Bool
	gammaID    map[string]int
	gammas     []acfa.Context
	supports   [][]uint64 // support(gammas[i])
	keyBuf     []byte     // intern's scratch
	// mintermCache: formulas of minterms by (bits, care mask, version).
	mintermCache map[[3]uint64]z3.Bool
	// regionPreds: regionPredMasks; regionCache: admits's answers.
	regionPreds []uint64
	regionCache map[regionKey]bool
	// dead[pc]: the predicates over a local that is dead at pc. Their
	// bits are kept 0 and left out of formulas (see deadMasks).
	dead []uint64
	// transient[pc]: pc is inside a chain of local steps, which the
	// main thread runs through without interleaving (transientLocs).
	transient []bool
	// sections caches folded sections by entry thread state.
	sections map[ThreadState]sectionSummary
	// observed: the globals whose writes ARG edges show (see observable).
	observed map[string]bool
	// ARG construction (Algorithms 2-4) over raw node ids.
	nodeOf  map[ThreadState]int
	parent  []int // union-find
	tstates []ThreadState
	rawEdge []rawEdge
	entry   int
}

type rawEdge struct {
	from, to int
	edge     *cfa.Edge
	pre      uint64 // the minterm the move was taken from
	post     uint64 // and the one it produced
	// mayAcquire: for a TryLock, the mutex may be free in pre.
	mayAcquire bool
}

func env(ver int) smt.Env {
	return func(v *cfa.Var) string { return fmt.Sprintf("%s@%d", v.Name, ver) }
}

// ReachAndBuild explores the abstract program described by s (Algorithm
// 1). It returns the ARG, or a *RaceError with an abstract race trace,
// or another error (budget, solver unknown, cancellation).
func ReachAndBuild(ctx context.Context, s *Setup) (*ARG, error) {
	if len(s.Preds.List) > 64 {
		return nil, ErrTooManyPreds
	}
	a := &analysis{
		Setup:        s,
		tmpl:         s.Prog.Templates[s.Main],
		byName:       map[string]*cfa.Var{},
		postCache:    map[string][]uint64{},
		labelCache:   map[string]z3.Bool{},
		mintermCache: map[[3]uint64]z3.Bool{},
		regionCache:  map[regionKey]bool{},
		gammaID:      map[string]int{},
		nodeOf:       map[ThreadState]int{},
		sections:     map[ThreadState]sectionSummary{},
		entry:        -1,
	}
	for _, g := range s.Prog.Globals {
		a.byName[g.Name] = g
	}
	seenVar := map[*cfa.Var]bool{}
	for _, p := range s.Preds.List {
		cfa.Vars(p.E, seenVar)
	}
	for v := range seenVar {
		a.vars = append(a.vars, v)
	}
	sort.Slice(a.vars, func(i, j int) bool { return a.vars[i].Name < a.vars[j].Name })
	for _, p := range s.Preds.List {
		vs := map[*cfa.Var]bool{}
		cfa.Vars(p.E, vs)
		a.predVars = append(a.predVars, slices.Collect(maps.Keys(vs)))
	}
	a.regionPreds = regionPredMasks(s.Prog, a.predVars)
	if s.Posts.Of(s.Prog) {
		a.posts = s.Posts
		for i, p := range s.Preds.List {
			a.predID = append(a.predID, a.posts.id(p))
			if usesFunctions(p.E) {
				a.predFuncs |= 1 << i
			}
		}
	}
	for ver := 0; ver < 2; ver++ {
		for _, p := range s.Preds.List {
			a.predAt[ver] = append(a.predAt[ver], s.Solver.Bool(p.E, env(ver)))
		}
	}
	a.dead = a.deadMasks()
	a.observed = map[string]bool{}
	if s.Var != nil {
		a.observed[s.Var.Name] = true
	}
	for _, vs := range a.predVars {
		for _, v := range vs {
			a.observed[v.Name] = true
		}
	}
	for _, p := range s.AllPreds {
		vs := map[*cfa.Var]bool{}
		cfa.Vars(p.E, vs)
		for v := range vs {
			a.observed[v.Name] = true
		}
	}
	transient, err := a.transientLocs()
	if err != nil {
		return nil, err
	}
	a.transient = transient
	arg, err := a.run(ctx, !s.Exact)
	var race *RaceError
	if !errors.As(err, &race) || s.Exact {
		return arg, err
	}
	// A race found saturation-first (or through a state that a bigger one
	// subsumed) may pump counters to omega on the way: its trace then
	// moves more threads out of a location than it moved in, which no k
	// concretizes. Plain breadth-first search from scratch finds a
	// shortest race trace instead; the first one stands if that search
	// runs out of budget.
	a.resetARG()
	if _, err := a.run(ctx, false); errors.As(err, &race) || ctx.Err() != nil {
		return nil, err
	}
	return nil, race
}

// resetARG forgets the ARG under construction (not the post cache).
func (a *analysis) resetARG() {
	a.nodeOf = map[ThreadState]int{}
	a.sections = map[ThreadState]sectionSummary{}
	a.parent, a.tstates, a.rawEdge, a.entry = nil, nil, nil, -1
}

// run explores the abstract program. saturating orders the queue by
// context size (see stateQueue) and prunes subsumed states; otherwise the
// search is plain breadth-first.
func (a *analysis) run(ctx context.Context, saturating bool) (*ARG, error) {
	init, err := a.initial()
	if err != nil {
		return nil, err
	}
	states := []*State{}
	seen := map[stateKey]bool{}
	// Bigger contexts are explored first: omega is absorbing, so the
	// saturated contexts come quickly and subsume the many smaller ones
	// queued before them (breadth-first order would enumerate every
	// subset of occupied locations first). Ties go breadth-first.
	queue := &stateQueue{states: &states}
	// Subsumption: states of one thread state are kept per cell, and a
	// state covered by another of its cell (fewer threads, see covers) is
	// neither queued nor explored: the bigger one has all its moves, with
	// the same thread-state effects, and all its races. This is what keeps
	// omega counters from multiplying the states by 3^locations.
	//
	// A cell keeps only its states that no other covers (an antichain):
	// covering is transitive, so a state one of them covers is covered
	// by the one that covers them, and the scans stay short.
	var counted uint64
	for r, rc := range a.Prog.RegionCounts {
		if a.regionPreds[r] != 0 {
			counted |= 1 << rc.Bit
		}
	}
	a.matches, a.strict = matchKinds(a.ACFAs, counted)
	cells := map[cell][]int{}
	push := func(st *State) {
		var gid int
		st.Gamma, gid = a.intern(st.Gamma)
		st.gid = gid
		k := stateKey{st.cell(), gid}
		if seen[k] || !a.admits(st, -1, -1) {
			return
		}
		c := st.cell()
		if saturating {
			st.weight = st.Gamma.Weight()
			for _, id := range cells[c] {
				if a.covers(states[id], st) {
					return
				}
			}
			cells[c] = append(slices.DeleteFunc(cells[c], func(id int) bool { return a.covers(st, states[id]) }), len(states))
		}
		seen[k] = true
		states = append(states, st)
		heap.Push(queue, len(states)-1)
	}
	subsumed := func(id int) bool {
		for _, o := range cells[states[id].cell()] {
			if o != id && a.covers(states[o], states[id]) {
				return true
			}
		}
		return false
	}
	for _, st := range init {
		st.parent = -1
		push(st)
	}
	for queue.Len() > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if a.MaxStates > 0 && len(states) > a.MaxStates {
			return nil, ErrBudget
		}
		id := heap.Pop(queue).(int)
		st := states[id]
		if saturating && subsumed(id) {
			continue
		}
		if st.Phase == Running {
			a.node(ThreadState{st.PC, st.M})
		}
		if ub := a.undefined(st); ub != nil {
			ub.States, ub.Ops = traceTo(states, id)
			return nil, ub
		}
		if race := a.race(st); race != nil {
			race.States, race.Ops = traceTo(states, id)
			return nil, race
		}
		succs, err := a.successors(st)
		if err != nil {
			return nil, err
		}
		for _, nx := range succs {
			if !a.admits(nx, -1, -1) {
				continue // no run has it: no ARG edge either
			}
			nx.parent, nx.depth = id, st.depth+1
			a.connect(st, nx)
			if !a.entersSection(st, nx) {
				push(nx)
				continue
			}
			sec, err := a.section(ThreadState{nx.PC, nx.M})
			if err != nil {
				return nil, err
			}
			if !sec.ok {
				push(nx)
				continue
			}
			for _, ex := range sec.exits {
				if ex.awaits && a.inHandler(nx.Gamma, -1, -1) {
					continue
				}
				via := append([]viaStep{{nx.op.Edge, ThreadState{nx.PC, nx.M}}}, ex.via...)
				last := via[len(via)-1]
				push(&State{Phase: Running, PC: ex.ts.PC, M: ex.ts.M, Gamma: nx.Gamma, Joined: nx.Joined,
					op: Op{Kind: MainMove, Edge: last.edge}, parent: id, depth: st.depth + len(via), via: via})
			}
		}
	}
	arg := a.build()
	arg.NumStates = len(states)
	return arg, nil
}

// stateQueue is a max-heap of state ids by context weight (see weight).
type stateQueue struct {
	states *[]*State
	ids    []int
}

func (q *stateQueue) Len() int { return len(q.ids) }
func (q *stateQueue) Less(i, j int) bool {
	wi, wj := (*q.states)[q.ids[i]].weight, (*q.states)[q.ids[j]].weight
	if wi != wj {
		return wi > wj
	}
	return q.ids[i] < q.ids[j]
}
func (q *stateQueue) Swap(i, j int) { q.ids[i], q.ids[j] = q.ids[j], q.ids[i] }
func (q *stateQueue) Push(x any)    { q.ids = append(q.ids, x.(int)) }
func (q *stateQueue) Pop() any {
	x := q.ids[len(q.ids)-1]
	q.ids = q.ids[:len(q.ids)-1]
	return x
}

func traceTo(states []*State, id int) ([]*State, []Op) {
	var ss []*State
	var ops []Op
	for i := id; i >= 0; i = states[i].parent {
		s := states[i]
		if s.via != nil {
			// A folded section: its inner states, with the context
			// that stood still meanwhile.
			for k := len(s.via) - 1; k > 0; k-- {
				ss = append(ss, &State{Phase: Running, PC: s.via[k].ts.PC, M: s.via[k].ts.M, Gamma: s.Gamma, Joined: s.Joined})
				ops = append(ops, Op{Kind: MainMove, Edge: s.via[k].edge})
			}
			s = &State{Phase: Running, PC: s.via[0].ts.PC, M: s.via[0].ts.M, Gamma: s.Gamma, Joined: s.Joined, op: Op{Kind: MainMove, Edge: s.via[0].edge}, parent: s.parent}
		}
		ss = append(ss, s)
		if s.parent >= 0 {
			ops = append(ops, s.op)
		}
	}
	for i, j := 0, len(ss)-1; i < j; i, j = i+1, j-1 {
		ss[i], ss[j] = ss[j], ss[i]
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ss, ops
}

// initial returns the initial abstract states: globals at their
// initializers, locals 0, the main template running (or unborn), and
// main's ACFA with one thread when another template is analysed.
func (a *analysis) initial() ([]*State, error) {
	gamma := make(acfa.Context, len(a.ACFAs))
	for j, A := range a.ACFAs {
		gamma[j] = make([]acfa.Count, len(A.Locs))
	}
	phase := Running
	if a.Main != 0 {
		phase = Unborn
		if !a.ACFAs[0].IsEmpty() {
			gamma[0][a.ACFAs[0].Entry] = 1
		}
	}
	sv := a.Solver
	var fs []z3.Bool
	for _, v := range a.vars {
		init := int64(0)
		switch {
		case v.Global:
			init = v.Init
		case v == a.tmpl.Self && a.Main != 0:
			// Some created thread's id: any but main's.
			fs = append(fs, sv.Const(env(1)(v)).GT(sv.Num(cfa.ThreadID(0))))
			continue
		case v == a.tmpl.Self:
			init = cfa.ThreadID(0)
		}
		fs = append(fs, sv.Const(env(1)(v)).Eq(sv.Num(init)))
	}
	ms, err := sv.AllSat(and(sv, fs), a.predAt[1])
	if err != nil {
		return nil, err
	}
	var out []*State
	for _, m := range ms {
		out = append(out, &State{Phase: phase, PC: a.tmpl.Entry, M: m &^ a.dead[a.tmpl.Entry], Gamma: gamma})
	}
	if phase == Running {
		for _, st := range out {
			n := a.node(ThreadState{st.PC, st.M})
			if a.entry < 0 {
				a.entry = n
			}
			a.union(a.entry, n)
		}
	}
	return out, nil
}

func and(sv *smt.Solver, fs []z3.Bool) z3.Bool {
	if len(fs) == 0 {
		return sv.True()
	}
	return fs[0].And(fs[1:]...)
}

// exclusive returns the number of occupied exclusive locations (atomic,
// or transient when atomicOnly is false) and, when exactly one, whether
// it is the main thread's and which context one. A thread at an exclusive
// location is the only one to move.
func (a *analysis) exclusive(st *State, atomicOnly bool) (n int, mainExcl bool, tj, tq int) {
	if st.Phase == Running && (a.tmpl.Locs[st.PC].Atomic || (!atomicOnly && a.transient[st.PC])) {
		n, mainExcl = 1, true
	}
	for j, A := range a.ACFAs {
		for q, c := range st.Gamma[j] {
			if c.Positive() && (A.Locs[q].Atomic || (!atomicOnly && A.Locs[q].Transient)) {
				n++
				tj, tq = j, q
			}
		}
	}
	return
}

// race checks the race-states of the paper's section 4.1 for Var: the
// main thread has an enabled access to Var and a context thread an
// enabled havoc of it (context moves are always writes). A havoc is
// enabled only where its guard holds. This is sound because a write edge
// is an assignment, which can be taken from every state at its source:
// at the fixpoint, a context thread about to write from global state s
// took that move from s's minterm in its own ARG, so the guard has it.
// Without the test, a weak-bisimulation class that merges a spin loop's
// head with the access after it races even while the loop must spin.
func (a *analysis) race(st *State) *RaceError {
	if a.Var == nil || st.Phase != Running {
		return nil
	}
	var mainEdge *cfa.Edge
	for _, e := range a.tmpl.Out[st.PC] {
		if acc, _ := e.Accesses(a.Var); acc {
			mainEdge = e
			break
		}
	}
	if mainEdge == nil {
		return nil
	}
	nAtomic, _, _, _ := a.exclusive(st, true)
	if a.CircDef && nAtomic > 0 {
		return nil
	}
	mainAtomic := a.tmpl.Locs[st.PC].Atomic
	for j, A := range a.ACFAs {
		if !cfa.MayRace(a.tmpl, a.Prog.Templates[j], a.Var) {
			continue
		}
		for q, c := range st.Gamma[j] {
			if !c.Positive() || (mainAtomic && A.Locs[q].Atomic) {
				continue
			}
			for _, ei := range A.Out[q] {
				if (a.CircDef && A.Edges[ei].Atomic) || !a.guardHolds(A.Edges[ei], st.M) {
					continue // a folded atomic section's writes do not race
				}
				if A.Edges[ei].AwaitsNoHandler && a.othersInHandler(st, j, q) {
					continue // the write waits for the handler in progress
				}
				for _, h := range A.Edges[ei].Havoc {
					if h == a.Var.Name && a.admits(st, j, q) {
						return &RaceError{MainEdge: mainEdge, CtxTemplate: j, CtxLoc: q, CtxEdge: ei}
					}
				}
			}
		}
	}
	return nil
}

// undefined returns the trace end for an undefined-behaviour edge the
// main thread can take in st whose reachability is not decided yet.
func (a *analysis) undefined(st *State) *RaceError {
	if st.Phase != Running {
		return nil
	}
	if e := a.undecided(st.PC); e != nil {
		return &RaceError{MainEdge: e, Undefined: true}
	}
	return nil
}

// undecided returns an out-edge of pc that is undefined behaviour not
// yet decided, for the search to stop at (nil if none, or if the search
// does not refine them).
func (a *analysis) undecided(pc int) *cfa.Edge {
	if !a.RefineUB {
		return nil
	}
	return undecidedAt(a.tmpl, pc, a.Decided)
}

// undecidedAt returns an out-edge of pc in c that is undefined
// behaviour not in decided (nil if none).
func undecidedAt(c *cfa.CFA, pc int, decided map[*cfa.Edge]bool) *cfa.Edge {
	for _, e := range c.Out[pc] {
		if e.Undefined && !decided[e] {
			return e
		}
	}
	return nil
}

// guardHolds reports whether the global part of minterm m is in the
// guard of context edge e (a nil guard holds everywhere).
func (a *analysis) guardHolds(e acfa.Edge, m uint64) bool {
	r, ok := e.Guard.(Region)
	return !ok || r.Has(m&a.Preds.GlobalMask())
}

// successors applies every enabled operation (paper section 3.4: with one
// occupied atomic location only its operations are enabled; with more,
// none).
func (a *analysis) successors(st *State) ([]*State, error) {
	for j, A := range a.ACFAs {
		for q, c := range st.Gamma[j] {
			if c == acfa.Omega && (A.Locs[q].Atomic || A.Locs[q].Transient) {
				return nil, ErrAtomicOmega
			}
		}
	}
	nAtomic, mainAtomic, tj, tq := a.exclusive(st, false)
	if nAtomic > 1 {
		return nil, nil
	}
	var out []*State
	if st.Phase == Running && (nAtomic == 0 || mainAtomic) {
		for _, e := range a.tmpl.Out[st.PC] {
			ss, err := a.postMain(st, e)
			if err != nil {
				return nil, err
			}
			out = append(out, ss...)
		}
	}
	for j, A := range a.ACFAs {
		for q, c := range st.Gamma[j] {
			if !c.Positive() || (nAtomic == 1 && (mainAtomic || j != tj || q != tq)) {
				continue
			}
			for _, ei := range A.Out[q] {
				ss, err := a.postContext(st, j, ei)
				if err != nil {
					return nil, err
				}
				out = append(out, ss...)
			}
		}
	}
	return out, nil
}

// written lists the variables an edge assigns.
func written(e *cfa.Edge) []*cfa.Var {
	var ws []*cfa.Var
	switch e.Kind {
	case cfa.Assign, cfa.Havoc, cfa.Create, cfa.TryLock:
		if e.LHS != nil {
			ws = append(ws, e.LHS)
		}
	}
	switch e.Kind {
	case cfa.Lock, cfa.Unlock, cfa.TryLock:
		ws = append(ws, e.Mutex)
	}
	return ws
}

// GlobalWrites is the havoc set an edge contributes to the ARG: every
// global it assigns, synchronization objects included.
func GlobalWrites(e *cfa.Edge) []string {
	var out []string
	for _, v := range written(e) {
		if v.Global {
			out = append(out, v.Name)
		}
	}
	sort.Strings(out)
	return out
}

// Action is the ARG action of a main-thread edge.
func (s *Setup) Action(e *cfa.Edge) acfa.Action {
	act := acfa.Action{Havoc: GlobalWrites(e)}
	switch e.Kind {
	case cfa.Create:
		act.Creates = []int{e.Template.Index}
		if e.Template.Param != nil {
			if c, ok := e.Arg.(cfa.Const); ok {
				act.Args = []int64{c.Val}
			} else if e.Arg == nil {
				act.Args = []int64{0}
			} else {
				act.AnyArg = true
			}
		}
	case cfa.Join:
		if j, ok := s.joinTarget(e); ok {
			act.Joins = []int{j}
		}
	case cfa.AwaitNoHandler:
		act.AwaitsNoHandler = true
	}
	return act
}

func (s *Setup) joinTarget(e *cfa.Edge) (int, bool) {
	r, ok := e.Handle.(cfa.Ref)
	if !ok {
		return 0, false
	}
	j, ok := s.HandleTemplate[r.V]
	return j, ok
}

// transition is the formula relating version 0 to version 1 for a main
// edge, with frame equalities for every other predicate variable.
func (a *analysis) transition(e *cfa.Edge) z3.Bool {
	sv := a.Solver
	pre, post := env(0), env(1)
	var fs []z3.Bool
	ws := written(e)
	isW := map[*cfa.Var]bool{}
	for _, w := range ws {
		isW[w] = true
	}
	at1 := func(v *cfa.Var) z3.Int { return sv.Const(post(v)) }
	switch e.Kind {
	case cfa.Assign:
		rhs := sv.Int(e.RHS, pre)
		if e.LHS.Bool {
			rhs = sv.Bool(e.RHS, pre).IfThenElse(sv.Num(1), sv.Num(0)).(z3.Int)
		}
		fs = append(fs, at1(e.LHS).Eq(rhs))
	case cfa.Assume:
		fs = append(fs, sv.Bool(e.Cond, pre))
	case cfa.Havoc:
		if e.Lo != nil {
			fs = append(fs, at1(e.LHS).GE(sv.Int(e.Lo, pre)))
		}
		if e.Hi != nil {
			fs = append(fs, at1(e.LHS).LE(sv.Int(e.Hi, pre)))
		}
	case cfa.Create:
		if e.LHS != nil {
			fs = append(fs, at1(e.LHS).GE(sv.Num(cfa.ThreadID(1)))) // a created thread's id
		}
	case cfa.Lock:
		m := e.Mutex
		fs = append(fs, sv.Const(pre(m)).Eq(sv.Num(0)), at1(m).Eq(sv.Num(1)))
	case cfa.Unlock:
		fs = append(fs, at1(e.Mutex).Eq(sv.Num(0)))
	case cfa.TryLock:
		m, r := e.Mutex, e.LHS
		free := sv.Const(pre(m)).Eq(sv.Num(0))
		fs = append(fs, free.IfThenElse(
			at1(m).Eq(sv.Num(1)).And(at1(r).Eq(sv.Num(0))),
			at1(m).Eq(sv.Const(pre(m))).And(at1(r).Eq(sv.Num(cfa.EBUSY)))).(z3.Bool))
	}
	for _, v := range a.vars {
		if !isW[v] {
			fs = append(fs, at1(v).Eq(sv.Const(pre(v))))
		}
	}
	return and(sv, fs)
}

// havocTransition is the frame of a context move havocking Y (and, at
// a birth, the main thread's parameter).
func (a *analysis) havocTransition(havoc []string, birthParam *cfa.Var, args []int64) z3.Bool {
	sv := a.Solver
	var fs []z3.Bool
	if birthParam != nil && len(args) > 0 {
		var ors []z3.Bool
		for _, c := range args {
			ors = append(ors, sv.Const(env(1)(birthParam)).Eq(sv.Num(c)))
		}
		fs = append(fs, ors[0].Or(ors[1:]...))
	}
	hv := map[string]bool{}
	for _, h := range havoc {
		hv[h] = true
	}
	for _, v := range a.vars {
		if (v.Global && hv[v.Name]) || v == birthParam {
			continue
		}
		fs = append(fs, sv.Const(env(1)(v)).Eq(sv.Const(env(0)(v))))
	}
	return and(sv, fs)
}

// minterm is the conjunction of the literals of m at version ver over
// the predicates in care.
func (a *analysis) minterm(m, care uint64, ver int) z3.Bool {
	key := [3]uint64{m & care, care, uint64(ver)}
	if f, ok := a.mintermCache[key]; ok {
		return f
	}
	var fs []z3.Bool
	for i := range a.Preds.List {
		switch {
		case care&(1<<i) == 0:
		case m&(1<<i) != 0:
			fs = append(fs, a.predAt[ver][i])
		default:
			fs = append(fs, a.predAt[ver][i].Not())
		}
	}
	f := and(a.Solver, fs)
	a.mintermCache[key] = f
	return f
}

// care is the set of predicates whose bits mean something at pc.
func (a *analysis) care(pc int) uint64 {
	return a.Preds.fullMask() &^ a.dead[pc]
}

// deadMasks computes dead (see analysis). Leaving such a predicate out
// over-approximates: the dead local is written before it is read again,
// so no future move of the thread depends on the predicate, and that
// write recomputes it from the live state. A predicate relating a dead
// local to a live global (old == state) must go too: kept, every change
// of the global would split the states on the stale local's value. It
// can only cost precision when a live variable was known through a dead
// one (a == b, b == 3 without a == 3), which refinement repairs with a
// predicate over the live one.
func (a *analysis) deadMasks() []uint64 {
	local := map[*cfa.Var]bool{}
	for _, v := range a.tmpl.Locals {
		local[v] = true
	}
	// The locals the predicates mention, and which predicates each.
	index := map[*cfa.Var]int{}
	var vars []*cfa.Var
	var preds []uint64
	for i, vs := range a.predVars {
		for _, v := range vs {
			if !local[v] {
				continue
			}
			j, ok := index[v]
			if !ok {
				j = len(vars)
				index[v] = j
				vars = append(vars, v)
				preds = append(preds, 0)
			}
			preds[j] |= 1 << i
		}
	}
	dead := make([]uint64, len(a.tmpl.Locs))
	if len(vars) == 0 {
		return dead
	}
	live := a.tmpl.Live(vars)
	for pc := range dead {
		for j := range vars {
			if !live.Has(pc, j) {
				dead[pc] |= preds[j]
			}
		}
	}
	return dead
}

// label is the formula of an ACFA location's region at version 1.
func (a *analysis) label(j, q int) z3.Bool {
	key := fmt.Sprintf("%d/%d", j, q)
	if f, ok := a.labelCache[key]; ok {
		return f
	}
	f := a.Solver.True()
	if r, ok := a.ACFAs[j].Locs[q].Label.(Region); ok {
		f = a.regionAt(r, 1)
	}
	a.labelCache[key] = f
	return f
}

// regionAt is the formula of a region over global predicates at version
// ver.
func (a *analysis) regionAt(r Region, ver int) z3.Bool {
	ds := make([]z3.Bool, len(r.M))
	for i, m := range r.M {
		ds[i] = a.minterm(m, a.Preds.GlobalMask(), ver)
	}
	if len(ds) == 0 {
		return a.Solver.Ctx.FromBool(false)
	}
	return ds[0].Or(ds[1:]...)
}

// abs computes Abs.P(sp) for the minterm m and the transition trans,
// cached under key. For a context move, target is the moving thread's
// new location (j, q), whose label constrains the post state; no other
// label is conjoined: strengthening a move by the labels of threads that
// did not move would assume what the guarantee check is to prove (the
// circularity makes the fixpoint unsound).
//
// Only the predicates over written variables (changed) are enumerated:
// the others keep their value by the frame equalities, so their bits are
// copied from m, which gives the same minterms with fewer solver calls.
// A guard is a set of global minterms, so it is tested on m's bits.
//
// from and to are the main thread's locations before and after: bits of
// predicates dead at to are neither enumerated nor kept.
func (a *analysis) abs(key string, from, to int, m uint64, trans func() z3.Bool, changed func(*cfa.Var) bool, target *[2]int, guard, post *Region) ([]uint64, error) {
	key = fmt.Sprintf("%s|%x|%x|%x", key, a.care(from), a.care(to), m&a.care(from))
	if ms, ok := a.postCache[key]; ok {
		return ms, nil
	}
	if guard != nil && !guard.Has(m&a.Preds.GlobalMask()) {
		a.postCache[key] = nil
		return nil, nil
	}
	affected, keep := a.affected(to, changed)
	f := a.minterm(m, a.care(from), 0).And(trans())
	if target != nil {
		f = f.And(a.label(target[0], target[1]))
	}
	if guard != nil {
		f = f.And(a.regionAt(*guard, 0))
	}
	if post != nil {
		f = f.And(a.regionAt(*post, 1))
	}
	preds := make([]z3.Bool, len(affected))
	for i, p := range affected {
		preds[i] = a.predAt[1][p]
	}
	sub, err := a.Solver.AllSat(f, preds)
	if err != nil {
		return nil, err
	}
	ms := make([]uint64, len(sub))
	for i, b := range sub {
		ms[i] = m & keep
		for bi, p := range affected {
			if b&(1<<bi) != 0 {
				ms[i] |= 1 << p
			}
		}
	}
	a.postCache[key] = ms
	return ms, nil
}

// affected splits the predicates that matter at location to into those
// a move that changes the variables changed may change, whose values
// the post computes, and the ones it keeps.
func (a *analysis) affected(to int, changed func(*cfa.Var) bool) (affected []int, keep uint64) {
	care := a.care(to)
	for i := range a.Preds.List {
		switch {
		case care&(1<<i) == 0:
		case a.mentions(i, changed):
			affected = append(affected, i)
		default:
			keep |= 1 << i
		}
	}
	return affected, keep
}

// mentions reports whether predicate i reads a variable that changed.
func (a *analysis) mentions(i int, changed func(*cfa.Var) bool) bool {
	for _, v := range a.predVars[i] {
		if changed(v) {
			return true
		}
	}
	return false
}

func (a *analysis) postMain(st *State, e *cfa.Edge) ([]*State, error) {
	gamma := st.Gamma
	joined := st.Joined
	if e.Kind.Stops() {
		return nil, nil // the program stops: no state follows, no race
	}
	switch e.Kind {
	case cfa.AwaitNoHandler:
		if a.inHandler(gamma, -1, -1) {
			return nil, nil
		}
	case cfa.Create:
		j := e.Template.Index
		if !a.ACFAs[j].IsEmpty() {
			gamma = gamma.Clone()
			a.spawn(gamma, j)
		}
	case cfa.Join:
		if j, ok := a.joinTarget(e); ok {
			var ok2 bool
			gamma, ok2 = a.consumeFinal(gamma, j)
			if !ok2 {
				return nil, nil // no exited thread to join yet
			}
		}
	}
	ms, err := a.mainPost(e, st.M)
	if err != nil {
		return nil, err
	}
	out := make([]*State, 0, len(ms))
	for _, m := range ms {
		out = append(out, &State{Phase: Running, PC: e.To, M: m, Gamma: gamma, Joined: joined, op: Op{Kind: MainMove, Edge: e}})
	}
	return out, nil
}

// inHandler reports whether a context thread of g is at a handler
// location, not counting one thread at location q of template j (the
// one that moves). Counters tell occupied from empty exactly, omega
// included, so this is exact.
func (a *analysis) inHandler(g acfa.Context, j, q int) bool {
	for t, cs := range g {
		for l, c := range cs {
			if t == j && l == q {
				c = c.Dec()
			}
			if c.Positive() && a.ACFAs[t].Locs[l].Handler {
				return true
			}
		}
	}
	return false
}

// othersInHandler reports whether, in st, a thread other than one
// context thread at location q of template j is in a handler: the main
// thread or another context thread. A context move that awaits no
// handler is blocked then.
func (a *analysis) othersInHandler(st *State, j, q int) bool {
	return (st.Phase == Running && a.tmpl.Locs[st.PC].Handler) || a.inHandler(st.Gamma, j, q)
}

// spawn adds a new context thread of template j at its entry (in place).
// In Exact mode a template with K live instances gets no more.
func (a *analysis) spawn(g acfa.Context, j int) {
	if a.Exact && g.Live(j) >= a.K {
		return
	}
	en := a.ACFAs[j].Entry
	g[j][en] = g[j][en].Inc(a.K)
}

// consumeFinal removes one exited thread of template j from the context
// (a join); ok is false when none has exited.
func (a *analysis) consumeFinal(g acfa.Context, j int) (acfa.Context, bool) {
	A := a.ACFAs[j]
	for q, c := range g[j] {
		if c.Positive() && A.Locs[q].Final {
			g = g.Clone()
			g[j][q] = c.Dec()
			return g, true
		}
	}
	return g, false
}

func (a *analysis) postContext(st *State, j, ei int) ([]*State, error) {
	A := a.ACFAs[j]
	e := A.Edges[ei]
	if e.AwaitsNoHandler && a.othersInHandler(st, j, e.From) {
		return nil, nil
	}
	gamma := st.Gamma.Clone()
	gamma[j][e.From] = gamma[j][e.From].Dec()
	gamma[j][e.To] = gamma[j][e.To].Inc(a.K)
	joined := st.Joined
	for _, t := range e.Joins {
		var ok bool
		if gamma, ok = a.consumeFinal(gamma, t); !ok {
			// The main thread itself may be the exited instance joined.
			if t == a.Main && st.Phase == Running && len(a.tmpl.Out[st.PC]) == 0 && !st.Joined {
				joined = true
			} else {
				return nil, nil
			}
		}
	}
	birth := false
	for _, t := range e.Creates {
		if t == a.Main && st.Phase == Unborn {
			birth = true
		}
	}
	// Without birth: every creation goes to the context.
	var out []*State
	variants := []bool{false}
	if birth {
		variants = append(variants, true)
	}
	for _, born := range variants {
		g := gamma.Clone()
		bornNow := false
		for _, t := range e.Creates {
			if born && t == a.Main && !bornNow {
				bornNow = true
				continue
			}
			if !a.ACFAs[t].IsEmpty() {
				a.spawn(g, t)
			}
		}
		var param *cfa.Var
		var args []int64
		if born {
			param = a.tmpl.Param
			if !e.AnyArg {
				args = e.Args
			}
		}
		key := fmt.Sprintf("c%d.%d.%v", j, ei, born)
		var guard, post *Region
		if r, ok := e.Guard.(Region); ok {
			guard = &r
		}
		if r, ok := e.Post.(Region); ok {
			post = &r
		}
		ms, err := a.contextPost(key, st.PC, st.M, e.Havoc, param, args, [2]int{j, e.To}, guard, post)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			nx := &State{Phase: st.Phase, PC: st.PC, M: m, Gamma: g, Joined: joined, op: Op{Kind: ContextMove, Template: j, AEdge: ei}}
			if born {
				nx.Phase, nx.PC = Running, a.tmpl.Entry
				nx.op.Kind = BirthMove
			}
			out = append(out, nx)
		}
	}
	return out, nil
}

// node is Find (Algorithm 3) on raw ids.
func (a *analysis) node(ts ThreadState) int {
	if n, ok := a.nodeOf[ts]; ok {
		return a.find(n)
	}
	n := len(a.parent)
	a.parent = append(a.parent, n)
	a.tstates = append(a.tstates, ts)
	a.nodeOf[ts] = n
	return n
}

func (a *analysis) find(n int) int {
	for a.parent[n] != n {
		a.parent[n] = a.parent[a.parent[n]]
		n = a.parent[n]
	}
	return n
}

// union is Algorithm 4.
func (a *analysis) union(n, m int) {
	n, m = a.find(n), a.find(m)
	if n != m {
		if m < n {
			n, m = m, n
		}
		a.parent[m] = n
	}
}

// connect is Algorithm 2: a main move adds an ARG edge, a context move
// merges the two thread states, a birth merges into the entry.
func (a *analysis) connect(st, nx *State) {
	switch nx.op.Kind {
	case MainMove:
		from, to := a.node(ThreadState{st.PC, st.M}), a.node(ThreadState{nx.PC, nx.M})
		re := rawEdge{from: from, to: to, edge: nx.op.Edge, pre: st.M, post: nx.M}
		if re.edge.Kind == cfa.TryLock {
			re.mayAcquire = a.mayBeFree(st.PC, st.M, re.edge.Mutex)
		}
		a.rawEdge = append(a.rawEdge, re)
	case ContextMove:
		if st.Phase == Running {
			a.union(a.node(ThreadState{st.PC, st.M}), a.node(ThreadState{nx.PC, nx.M}))
		}
	case BirthMove:
		n := a.node(ThreadState{nx.PC, nx.M})
		if a.entry < 0 {
			a.entry = n
		}
		a.union(a.entry, n)
	}
}

// mayBeFree reports whether mutex m can be 0 in minterm M (errors count
// as yes: the havoc is then kept, which is sound).
func (a *analysis) mayBeFree(pc int, M uint64, m *cfa.Var) bool {
	sv := a.Solver
	ok, err := sv.Check(a.minterm(M, a.care(pc), 0), sv.Const(env(0)(m)).Eq(sv.Num(0)))
	return ok || err != nil
}

// observable keeps the writes other threads can observe through the
// abstraction: of globals that a predicate mentions (a global one, or a
// local one of any template: slot == id, which a thread that stored its
// id in slot keeps, and another thread's write of slot falsifies), of
// the checked variable, and of mutexes. Any other write changes no
// predicate's value, so a context move made of it has exactly the
// effect of a silent one on every abstract state (the frame keeps every
// bit; the labels, guards and posts still constrain it), and dropping
// it lets Collapse merge across it. The concretizer still replays it, so a
// trace that needs its value yields predicates over it, which makes it
// observable from the next round on.
func (a *analysis) observable(e *cfa.Edge, havoc []string) []string {
	var out []string
	for _, h := range havoc {
		if a.observed[h] || (e.Mutex != nil && e.Mutex.Name == h) {
			out = append(out, h)
		}
	}
	return out
}

// build turns the union-find classes into the ARG.
func (a *analysis) build() *ARG {
	arg := &ARG{G: &acfa.ACFA{Template: a.Main, Entry: -1}, Projected: &acfa.ACFA{Template: a.Main, Entry: -1}}
	if a.entry < 0 {
		// The main thread is never born: it does nothing.
		arg.G, arg.Projected = acfa.Empty(a.Main), acfa.Empty(a.Main)
		return arg
	}
	loc := map[int]int{}
	var order []int
	for n := range a.parent {
		r := a.find(n)
		if _, ok := loc[r]; !ok {
			loc[r] = len(order)
			order = append(order, r)
			arg.States = append(arg.States, nil)
		}
		arg.States[loc[r]] = append(arg.States[loc[r]], a.tstates[n])
	}
	for i := range order {
		var ms []uint64
		regions := ^uint64(0)
		for _, ts := range arg.States[i] {
			ms = append(ms, ts.M)
			regions &= a.tmpl.Locs[ts.PC].Regions
		}
		pc := arg.States[i][0].PC
		r := NewRegion(a.Preds, false, ms)
		l := acfa.Loc{Label: r, Atomic: a.tmpl.Locs[pc].Atomic, Final: len(a.tmpl.Out[pc]) == 0, Transient: a.transient[pc],
			Handler: a.tmpl.Locs[pc].Handler, Regions: regions}
		arg.G.AddLoc(l)
		l.Label = r.Project()
		arg.Projected.AddLoc(l)
	}
	arg.G.Entry = loc[a.find(a.entry)]
	arg.Projected.Entry = arg.G.Entry
	type pair struct{ from, to int }
	ops := map[pair][]*cfa.Edge{}
	for _, re := range a.rawEdge {
		from, to := loc[a.find(re.from)], loc[a.find(re.to)]
		act := a.Action(re.edge)
		if re.edge.Kind == cfa.TryLock && !re.mayAcquire {
			// A failing trylock leaves the mutex alone; it still
			// stores EBUSY into its result.
			act.Havoc = slices.DeleteFunc(slices.Clone(act.Havoc), func(v string) bool { return v == re.edge.Mutex.Name })
		}
		act.Havoc = a.observable(re.edge, act.Havoc)
		act.Guard = NewRegion(a.Preds, false, []uint64{re.pre})
		act.Post = NewRegion(a.Preds, false, []uint64{re.post})
		arg.G.AddEdge(from, to, act)
		act.Guard = act.Guard.(Region).Project()
		act.Post = act.Post.(Region).Project()
		arg.Projected.AddEdge(from, to, act)
		ops[pair{from, to}] = append(ops[pair{from, to}], re.edge)
	}
	arg.EdgeOps = make([][]*cfa.Edge, len(arg.G.Edges))
	for i, e := range arg.G.Edges {
		arg.EdgeOps[i] = ops[pair{e.From, e.To}]
	}
	return arg
}
