// Package cfa owns circ's program representation: control-flow automata
// (CFAs), one per thread template, over a small side-effect-free expression
// IR. Every later stage (the concrete interpreter, the explicit engine,
// predicate abstraction, context inference, the lockset baseline) reads
// programs only through this package; the C front end in cfa/cfront is
// the only producer.
//
// Integers are mathematical integers, as in BLAST, and C's conversions are
// explicit: the front end wraps a value into a narrower or differently
// signed integer type with a conversion operator (ToU8 ... ToI64) wherever
// C converts and the value may not fit, and unsigned arithmetic with it.
// Signed overflow, undefined in C, is not wrapped. Boolean-valued
// expressions (comparisons, &&, ||, !) evaluate to 0 or 1 when used as
// integers, and an integer used as a condition means "!= 0", as in C.
//
// Besides the automata it owns what every engine reads the same way: the
// layout of the objects reached through pointers (Memory, with summary
// objects for unboundedly many), program-wide facts (the read and write
// sets and template multiplicities Finish computes, the globals two
// threads share, SharedMemory), and the marks on edges: undefined
// behaviour, which every engine cuts and reports as a finding
// (Edge.Undefined), over-approximation (Edge.Approx, collected in
// Program.Approximations) and the C11 memory order of an atomic
// operation (Edge.Order, for --race-def c11).
package cfa

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Pos is a source position (file:line:column). A file that line
// directives say was generated from others (nescc's app.c from .nc
// files) gives both: File and Line are where the text is in the file
// read, OrigFile and OrigLine where the directives say it comes from.
type Pos struct {
	File      string
	Line, Col int

	OrigFile string
	OrigLine int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d%s", p.File, p.Line, p.Col, p.Origin())
}

// Origin is " (FILE:LINE)" for a position the line directives place
// elsewhere, "" otherwise.
func (p Pos) Origin() string {
	if p.OrigFile == "" {
		return ""
	}
	return fmt.Sprintf(" (%s:%d)", p.OrigFile, p.OrigLine)
}

// VarKind separates data from synchronization objects: Data and Handle
// globals are memory a program reads and writes, and are checked for
// races (Var.Racy); mutexes and the other synchronization state are not.
type VarKind int

const (
	Data  VarKind = iota
	Mutex         // a lock word (mutexes, spin locks): 0 free, 1 held
	// Handle is a pthread_t or thrd_t object: a thread's id (ThreadID),
	// 0 for no thread. Its accesses race as data's do; a Create that
	// stores into a handle other threads access is followed by the
	// store as a step of its own (the front end's choice: POSIX does
	// not order the store before the new thread starts).
	Handle
	// Sync is any other state of a synchronization object (a mutex's
	// kind, a rwlock's reader count, a semaphore's value, a barrier's
	// generation, a once-control's state) and the per-thread
	// bookkeeping of the primitives (how often the thread holds a
	// recursive mutex). Like mutexes, never a race target.
	Sync
)

// Racy reports whether races on v are checked: a global of Data or
// Handle kind.
func (v *Var) Racy() bool {
	return v != nil && v.Global && (v.Kind == Data || v.Kind == Handle)
}

// ThreadBookkeeping reports whether v is synchronization state of one
// thread (a Sync local of its template: how many read locks of a rwlock
// it holds, whether it holds the write lock, how often it holds a
// recursive mutex). Only that thread reads and writes it, and the
// lowered primitives test it to choose what a call does.
func (v *Var) ThreadBookkeeping() bool {
	return v.Kind == Sync && !v.Global
}

// Var is a program variable. Variables are compared by pointer; Name is
// unique within a Program (locals of inlined calls carry a suffix).
type Var struct {
	Name   string
	Global bool
	Kind   VarKind
	Init   int64 // initial value (globals; locals start at 0 too)
	Bool   bool  // _Bool: assignments store 0 or 1
	// Int is the C integer type of the variable (zero for pointers and
	// circ's own variables). The front end converts every value it
	// stores to it, so the variable's values stay in its range.
	Int IntType
	// CName is the name written in the source, for reports.
	CName string
	Pos   Pos
	// Index is the variable's slot: its position in Program.Globals, or
	// in its template's Locals. Set by Program.Finish.
	Index int
	// Frame numbers the function activation a local belongs to within
	// its template (calls are inlined: each call site is a new frame; -1
	// when unknown). Role names the local within its function, so the
	// same local of two inlined calls of f has equal Roles and different
	// Frames; predabs.Generalize uses this to carry a predicate from one
	// call to the others.
	Frame int
	Role  string
	// HandleSummary marks a cell of a summary object that holds thread
	// handles: which of its instances is tracked decides which threads
	// are shadows (CFA.Shadows), and which location the cell is, so
	// races on it are checked between shadows and any thread (MayRace).
	HandleSummary bool
}

func (v *Var) String() string { return v.Name }

// SourceName is the name reports give v: CName, or Name for circ's own
// variables.
func (v *Var) SourceName() string {
	if v.CName != "" {
		return v.CName
	}
	return v.Name
}

// Expr is a side-effect-free integer or boolean expression.
type Expr interface {
	String() string
	isExpr()
}

// Const is an integer literal.
type Const struct{ Val int64 }

// Ref reads a variable.
type Ref struct{ V *Var }

// UnOp is a unary operator.
type UnOp int

const (
	Neg    UnOp = iota // -x
	Not                // !x (boolean)
	BitNot             // ~x (two's complement; over-approximated by the abstract engine)
	// The conversions to a C integer type, exact in every engine: an
	// unsigned type of n bits takes the value modulo 2^n, a signed one
	// the value in [-2^(n-1), 2^(n-1)) congruent to it (gcc's
	// implementation-defined choice).
	ToU8
	ToI8
	ToU16
	ToI16
	ToU32
	ToI32
	ToU64
	ToI64
)

// IntType is a C integer type by width and signedness; the zero value
// is no integer type.
type IntType struct {
	Bits   uint8
	Signed bool
}

// Valid reports whether t is an integer type.
func (t IntType) Valid() bool { return t.Bits != 0 }

func (t IntType) String() string {
	if t.Signed {
		return fmt.Sprintf("int%d_t", t.Bits)
	}
	return fmt.Sprintf("uint%d_t", t.Bits)
}

// Within reports whether every value of t is a value of u.
func (t IntType) Within(u IntType) bool {
	if t.Signed == u.Signed {
		return t.Bits <= u.Bits
	}
	return !t.Signed && t.Bits < u.Bits
}

// Fits reports whether v is a value of t.
func (t IntType) Fits(v int64) bool {
	switch {
	case t.Bits >= 64:
		return t.Signed || v >= 0
	case t.Signed:
		return v >= -1<<(t.Bits-1) && v < 1<<(t.Bits-1)
	}
	return v >= 0 && v < 1<<t.Bits
}

// Bounds gives the least and the greatest value of t; hasMax is false
// for uint64_t, whose greatest value is not an int64.
func (t IntType) Bounds() (lo, hi int64, hasMax bool) {
	switch {
	case t.Bits >= 64 && t.Signed:
		return math.MinInt64, math.MaxInt64, true
	case t.Bits >= 64:
		return 0, 0, false
	case t.Signed:
		return -1 << (t.Bits - 1), 1<<(t.Bits-1) - 1, true
	}
	return 0, 1<<t.Bits - 1, true
}

// Wrap converts v to t as C does; ok is false when the result, an
// unsigned 64-bit value of 2^63 or more, is not an int64.
func (t IntType) Wrap(v int64) (r int64, ok bool) {
	switch {
	case t.Bits >= 64:
		return v, t.Signed || v >= 0
	case t.Signed:
		s := 64 - t.Bits
		return v << s >> s, true
	}
	return v & (1<<t.Bits - 1), true
}

// ConvOp is the operator converting to t.
func ConvOp(t IntType) UnOp {
	i := map[uint8]UnOp{8: ToU8, 16: ToU16, 32: ToU32, 64: ToU64}[t.Bits]
	if t.Signed {
		i++
	}
	return i
}

// IntType is the type a conversion operator converts to (ok false for
// the other operators).
func (o UnOp) IntType() (t IntType, ok bool) {
	if o < ToU8 || o > ToI64 {
		return IntType{}, false
	}
	k := o - ToU8
	return IntType{Bits: 8 << (k / 2), Signed: k%2 == 1}, true
}

// Unary applies a UnOp.
type Unary struct {
	Op UnOp
	X  Expr
}

// BinOp is a binary operator.
type BinOp int

const (
	Add BinOp = iota
	Sub
	Mul
	Div // C division, truncating towards zero
	Mod // C remainder, sign of the dividend
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	And // && (boolean)
	Or  // || (boolean)
	// Bitwise operators on two's complement 64-bit values. The concrete
	// interpreter evaluates them exactly; the abstract engine treats them
	// as uninterpreted functions (an over-approximation).
	BitAnd
	BitOr
	BitXor
	Shl
	Shr
)

var binOpNames = [...]string{"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "&", "|", "^", "<<", ">>"}

func (o BinOp) String() string { return binOpNames[o] }

// IsBool reports whether the operator yields a truth value.
func (o BinOp) IsBool() bool { return o >= Eq && o <= Or }

// IsBitwise reports whether the operator is one of the bitwise operators.
func (o BinOp) IsBitwise() bool { return o >= BitAnd }

// Binary applies a BinOp.
type Binary struct {
	Op   BinOp
	X, Y Expr
}

// Cond is c ? t : f.
type Cond struct{ C, T, F Expr }

func (Const) isExpr()  {}
func (Ref) isExpr()    {}
func (Unary) isExpr()  {}
func (Binary) isExpr() {}
func (Cond) isExpr()   {}

func (e Const) String() string { return fmt.Sprint(e.Val) }
func (e Ref) String() string   { return e.V.Name }
func (e Unary) String() string {
	if t, ok := e.Op.IntType(); ok {
		return "(" + t.String() + ")" + paren(e.X)
	}
	return [...]string{"-", "!", "~"}[e.Op] + paren(e.X)
}
func (e Binary) String() string { return paren(e.X) + " " + e.Op.String() + " " + paren(e.Y) }
func (e Cond) String() string   { return paren(e.C) + " ? " + paren(e.T) + " : " + paren(e.F) }

func paren(e Expr) string {
	switch e.(type) {
	case Const, Ref:
		return e.String()
	}
	return "(" + e.String() + ")"
}

// IsBoolExpr reports whether e yields a truth value (0/1) by construction.
func IsBoolExpr(e Expr) bool {
	switch e := e.(type) {
	case Unary:
		return e.Op == Not
	case Binary:
		return e.Op.IsBool()
	case Const:
		return e.Val == 0 || e.Val == 1
	}
	return false
}

// Vars adds the variables read by e to set.
func Vars(e Expr, set map[*Var]bool) {
	switch e := e.(type) {
	case Ref:
		set[e.V] = true
	case Unary:
		Vars(e.X, set)
	case Binary:
		Vars(e.X, set)
		Vars(e.Y, set)
	case Cond:
		Vars(e.C, set)
		Vars(e.T, set)
		Vars(e.F, set)
	}
}

// OpKind is the kind of operation labelling an edge.
type OpKind int

const (
	// Assign: LHS := RHS.
	Assign OpKind = iota
	// Assume: proceed only if Cond holds.
	Assume
	// Havoc: LHS := any value in [Lo, Hi] (Lo/Hi nil: unbounded). Models
	// __VERIFIER_nondet_* and over-approximated operators.
	Havoc
	// Create: start a new instance of Template with argument Arg; store its
	// thread id (> 0) in LHS (a Handle variable), if LHS is not nil.
	Create
	// Join: wait until the thread whose id is in Handle has exited.
	Join
	// Lock: assume Mutex == 0; Mutex := 1, in one step.
	Lock
	// Unlock: Mutex := 0.
	Unlock
	// TryLock: if Mutex == 0 { Mutex := 1; LHS := 0 } else { LHS := EBUSY }.
	TryLock
	// Exit: the thread terminates (pthread_exit, return from the thread
	// function). The target location has no out-edges.
	Exit
	// Error: reach_error() or a failed assert. The whole program stops,
	// as a failed assert's abort() stops it; the error is recorded. An
	// Error edge marked Undefined is undefined behaviour instead (an
	// access out of bounds, a call through a pointer to no function):
	// what the program does next is unknown, and the engines cut the
	// path there, so a proof holds only for the runs that never take
	// it. They report every such edge a run may reach (a finding).
	Error
	// Skip: no effect (atomic section boundaries, gotos).
	Skip
	// HandlerEnter and HandlerExit: no effect on data; they bound a
	// handler region (Location.Handler), the code of an interrupt
	// handler in progress (circ/tinyos.h).
	HandlerEnter
	HandlerExit
	// AwaitNoHandler: proceed only if no other thread is at a Handler
	// location. A TinyOS task makes progress only when no handler is in
	// progress: the handlers run to completion on top of it.
	AwaitNoHandler
	// Halt: the whole program stops (exit(), abort(), return from
	// main): no thread moves again.
	Halt
)

var opKindNames = [...]string{"assign", "assume", "havoc", "create", "join", "lock", "unlock", "trylock", "exit", "error", "skip",
	"enter handler", "exit handler", "await no handler", "halt"}

// Stops reports whether taking an edge of kind k stops the whole program.
func (k OpKind) Stops() bool { return k == Halt || k == Error }

// Error numbers the lowered primitives return (Linux's values), and the
// value pthread_barrier_wait returns to one thread of each generation.
const (
	EPERM                         = 1
	ESRCH                         = 3
	EAGAIN                        = 11
	EBUSY                         = 16
	EINVAL                        = 22
	EDEADLK                       = 35
	ETIMEDOUT                     = 110
	PTHREAD_BARRIER_SERIAL_THREAD = -1
)

// ThreadID is the pthread_t value of the thread with index i (main is
// 0, then creation order): never 0, so that a zero pthread_t names no
// thread, as in C a handle never set by pthread_create names none.
func ThreadID(i int) int64 { return int64(i) + 1 }

func (k OpKind) String() string { return opKindNames[k] }

// Edge is a CFA edge From -> To labelled with one operation.
type Edge struct {
	From, To int
	Kind     OpKind
	LHS      *Var // Assign, Havoc, Create (handle, may be nil), TryLock (result)
	RHS      Expr // Assign
	Cond     Expr // Assume
	Lo, Hi   Expr // Havoc range, nil when unbounded
	// Like, on a Havoc, is a variable whose values the havocked one
	// stands for (a cell of a summary object's untracked instance reads
	// what the tracked instance's cell may hold): the points-to
	// analysis gives LHS Like's addresses. The engines ignore it.
	Like *Var
	// Untracked marks an edge that reads a cell of, or locks a mutex
	// of, an instance of a summary object circ does not track: reads
	// there are independent of each other and locks exclude nothing,
	// so a trace that uses one may be no run of the program.
	Untracked bool
	// Cell, on the Havoc of the stand-in for a thread handle of an
	// untracked instance, is the address of the handle it stands for:
	// replay tracks the handles the program stores at such addresses,
	// so that a trace that joins one is still evidence
	// (interp.CompleteJoins). On the Skip of a lock or unlock of a mutex
	// of an untracked instance, it is the mutex's address: replay tracks
	// which thread holds the mutex there. The engines ignore it.
	Cell     Expr
	Template *CFA // Create
	Arg      Expr // Create: thread argument, may be nil
	Handle   Expr // Join: the thread id waited for
	Mutex    *Var // Lock, Unlock, TryLock
	Pos      Pos
	// Undefined marks an Error edge that is undefined behaviour, not a
	// failed assertion; Note says which.
	Undefined bool
	// Unmodelled marks an Undefined edge where circ's model of memory,
	// not C, ends (byte arithmetic leaving the bytes circ lays out as
	// cells): a run through it is one circ cannot follow, so no proof
	// may assume it away as it does undefined behaviour.
	Unmodelled bool
	// Order is the memory order of the C11 atomic operation the edge
	// belongs to (NotAtomic: none). RMW marks the store of a
	// read-modify-write, which reads what the operation's load read:
	// an acquiring order acquires there too (a compare-exchange's load
	// has the failure order, its store the success order).
	Order MemoryOrder
	RMW   bool
	// Approx is set when the edge over-approximates the source (for
	// example a bitwise operator replaced by Havoc); Note says how.
	Approx bool
	// Numbers, on an Approx Havoc, says that the value is a number,
	// never an address (bytes memset stores into part of a cell): the
	// points-to analysis gives LHS no object's address.
	Numbers bool
	Note    string
	// Sync is set on the edges that implement one call of a
	// concurrency primitive, the same for all of them.
	Sync *SyncCall
	// Reads and Writes are the Racy globals the edge reads and writes:
	// the accesses that can race. Set by Program.Finish.
	Reads, Writes []*Var
}

// SyncCall describes one call of a concurrency primitive (a pthread,
// semaphore or C11 function) that the front end lowered into plain
// edges: atomic sections over the object's Sync variables and the
// thread's bookkeeping. The engines run the lowered edges, which are the
// primitive's exact semantics; the lockset baseline and the printers
// read the call as a whole.
type SyncCall struct {
	Func string // the C function called
	// Args names the objects passed, as C writes them ("&c", "&m").
	Args   []string
	Object *Var // the lock the call acts on, or its main object (nil: none)
	// Effect says what the call does to the set of locks a thread
	// holds; Mode and Kind refine it.
	Effect LockEffect
	Mode   LockMode
	Kind   MutexKind
	// Result receives the call's return value for TryAcquire (0 on
	// success); nil if the lowering has none.
	Result *Var
	// Readers is a rwlock call's reader count (rw.readers): the lock's
	// read mode is held by as many threads as it counts.
	Readers *Var
	// Entry is the location where the lowered code starts.
	Entry int
	Pos   Pos
	// NoSync marks a call that sets up or observes its object without
	// synchronizing with other threads (an init, a destroy, an
	// attribute, sem_getvalue): happens-before takes nothing from it.
	NoSync bool
}

// MemoryOrder is a C11 memory order (stdatomic.h), or NotAtomic.
type MemoryOrder uint8

const (
	NotAtomic MemoryOrder = iota
	OrderRelaxed
	OrderConsume
	OrderAcquire
	OrderRelease
	OrderAcqRel
	OrderSeqCst
)

// Acquires reports whether a load of order o synchronizes with the
// release it reads from (consume is read as acquire, as compilers do).
func (o MemoryOrder) Acquires() bool {
	return o == OrderConsume || o == OrderAcquire || o == OrderAcqRel || o == OrderSeqCst
}

// Releases reports whether a store of order o is a release.
func (o MemoryOrder) Releases() bool {
	return o == OrderRelease || o == OrderAcqRel || o == OrderSeqCst
}

func (o MemoryOrder) String() string {
	return [...]string{"", "memory_order_relaxed", "memory_order_consume", "memory_order_acquire", "memory_order_release", "memory_order_acq_rel", "memory_order_seq_cst"}[o]
}

// LockEffect is what a primitive does to the locks its thread holds.
type LockEffect int

const (
	NoLockEffect LockEffect = iota
	Acquire                 // blocks until it holds Object
	TryAcquire              // holds Object iff Result == 0
	Release                 // releases Object (one level for recursive mutexes)
)

// LockMode separates a rwlock's read (shared) mode from exclusive locking.
type LockMode int

const (
	Exclusive LockMode = iota
	Shared
)

// MutexKind is a mutex's type (pthread_mutexattr_settype).
type MutexKind int

const (
	NormalMutex      MutexKind = iota // PTHREAD_MUTEX_NORMAL, DEFAULT, ADAPTIVE: relocking deadlocks
	RecursiveMutex                    // relocking counts; as many unlocks release it
	ErrorCheckMutex                   // relocking and unlocking by a non-owner fail with an error
	UnknownMutexKind                  // chosen at run time (pthread_mutex_init with an attribute)
)

// String names the call as C writes it: "pthread_mutex_lock(&m)".
func (s *SyncCall) String() string {
	return s.Func + "(" + strings.Join(s.Args, ", ") + ")"
}

func (k MutexKind) String() string {
	return [...]string{"normal", "recursive", "error-checking", "dynamic"}[k]
}

// LocalOnly reports whether e touches no global: an assignment, havoc,
// assumption or skip over the thread's locals only. Such a step commutes
// with every step of every other thread.
func (e *Edge) LocalOnly() bool {
	switch e.Kind {
	case Assign, Havoc, Assume, Skip:
	default:
		return false
	}
	vs := map[*Var]bool{}
	if e.LHS != nil {
		vs[e.LHS] = true
	}
	for _, x := range []Expr{e.RHS, e.Cond, e.Lo, e.Hi} {
		if x != nil {
			Vars(x, vs)
		}
	}
	for v := range vs {
		if v.Global {
			return false
		}
	}
	return true
}

// Accesses reports whether e reads or writes v, and whether it writes.
func (e *Edge) Accesses(v *Var) (access, write bool) {
	for _, w := range e.Writes {
		if w == v {
			return true, true
		}
	}
	for _, r := range e.Reads {
		if r == v {
			return true, false
		}
	}
	return false, false
}

func (e *Edge) String() string {
	switch e.Kind {
	case Assign:
		return e.LHS.Name + " := " + e.RHS.String()
	case Assume:
		return "assume " + e.Cond.String()
	case Havoc:
		s := "havoc " + e.LHS.Name
		if e.Lo != nil || e.Hi != nil {
			s += " in [" + bound(e.Lo, "-inf") + ", " + bound(e.Hi, "+inf") + "]"
		}
		return s
	case Create:
		s := "create " + e.Template.Name
		if e.LHS != nil {
			s = e.LHS.Name + " := " + s
		}
		if e.Arg != nil {
			s += "(" + e.Arg.String() + ")"
		}
		return s
	case Join:
		return "join " + e.Handle.String()
	case Lock, Unlock:
		return e.Kind.String() + " " + e.Mutex.Name
	case TryLock:
		return e.LHS.Name + " := trylock " + e.Mutex.Name
	case Error:
		if e.Note != "" {
			return "error: " + e.Note
		}
		return "error"
	case Halt:
		if e.Note != "" {
			return "halt: " + e.Note
		}
		return "halt"
	}
	return e.Kind.String()
}

// bound prints a havoc bound; nil (unbounded) prints as inf.
func bound(e Expr, inf string) string {
	if e == nil {
		return inf
	}
	return e.String()
}

// Location is a CFA control location.
type Location struct {
	ID     int
	Atomic bool // inside an atomic section: a thread here runs alone
	// Handler: inside a handler region; AwaitNoHandler waits while
	// another thread is at such a location.
	Handler bool
	Pos     Pos
	// Regions has bit RegionCount.Bit set where the location is in
	// that count's region (CountRegions).
	Regions uint64
}

// Multiplicity says how many instances of a template can run.
type Multiplicity struct {
	// Unbounded: created inside a loop (or by an unbounded template).
	Unbounded bool
	// Count is the exact number of instances when not Unbounded.
	Count int
}

func (m Multiplicity) String() string {
	if m.Unbounded {
		return "unbounded"
	}
	return fmt.Sprint(m.Count)
}

// CFA is the control-flow automaton of one thread template.
type CFA struct {
	Name   string // the C function
	Index  int    // position in Program.Templates; main is 0
	Locs   []*Location
	Entry  int
	Edges  []*Edge
	Out    [][]*Edge // Out[l]: edges leaving location l; set by Finish
	Locals []*Var
	Param  *Var // receives the thread argument; may be nil
	// Self is the local that holds the thread's own id (pthread_self):
	// ThreadID of the thread's index, set when the thread starts; nil
	// when the template never asks.
	Self *Var
	Mult Multiplicity
	Pos  Pos
	// Shadows is set on a template that stands for the threads started
	// through a thread handle of a summary object's instance circ does
	// not track (a pthread_t array of many elements): the same code as
	// Shadows, whose threads are those started through the tracked
	// handle. Shadow is the converse link, on the tracked template.
	Shadows, Shadow *CFA
	// Interrupt marks the template of an interrupt handler: its threads
	// are the handler's firings (nesC's async code).
	Interrupt bool
}

// MayRace reports whether the accesses of a thread of a and of a thread
// of b are checked against each other. A shadow thread (CFA.Shadows),
// started through an untracked handle, is checked only against the
// threads of templates that have a shadow themselves. Since the tracked
// instance may be any, a race of a shadow thread with a thread started
// otherwise is the race of a tracked thread in the run where the
// shadow's handle is the tracked one; but a thread started through
// another handle of the same summary stays a shadow in that run, so a
// template with a shadow (its own tracked template, or another function
// started through the summary) keeps its races with shadow threads. Two
// shadow threads are that case again, from either side. None of this
// holds for x, the location checked, when it is a cell of the summary
// whose tracked instance decides the shadows (Var.HandleSummary): in the
// run where the shadow's handle is tracked, x is another instance's
// cell, so every pair is checked.
func MayRace(a, b *CFA, x *Var) bool {
	switch {
	case x.HandleSummary:
		return true
	case a.Shadows != nil && b.Shadows != nil:
		return false
	case a.Shadows != nil:
		return b.Shadow != nil
	case b.Shadows != nil:
		return a.Shadow != nil
	}
	return true
}

// NewLoc adds a location.
func (c *CFA) NewLoc(atomic bool, pos Pos) int {
	l := &Location{ID: len(c.Locs), Atomic: atomic, Pos: pos}
	c.Locs = append(c.Locs, l)
	return l.ID
}

// AddEdge appends e.
func (c *CFA) AddEdge(e *Edge) *Edge {
	c.Edges = append(c.Edges, e)
	return e
}

// Program is a whole concurrent program: its globals and thread templates.
type Program struct {
	File      string
	Globals   []*Var
	Templates []*CFA // Templates[0] is main
	// Memory lays out the objects reached through pointers (nil when
	// the program takes no address).
	Memory *Memory
	// Approximations lists the positions where the front end
	// over-approximated the source.
	Approximations []*Edge
	// WeakOrders are the atomic operations with a memory order weaker
	// than seq_cst (a Skip edge each, at the operation): the engines
	// read them as seq_cst, so a proof under the interleaving race
	// definitions assumes sequential consistency there.
	WeakOrders []*Edge
	// Fences are the positions of atomic_thread_fence and
	// atomic_signal_fence, which the engines read as no-ops: under
	// sequential consistency they order nothing more, and the
	// happens-before of --race-def c11 does not model them.
	Fences []Pos
	// Seeds are predicates the abstract engine starts from: the tests
	// of branches the front end adds that the source does not write
	// (a join's test of its handle against 0), which refinement need
	// not rediscover.
	Seeds []Seed
	// DataModel is the widths the front end read the program with:
	// "ILP32" (32-bit long and pointers, gcc -m32) or "" (the host's,
	// LP64, or a microcontroller's). An address converts to itself in
	// an integer as wide as a pointer (PointerBits).
	DataModel string
	// Assumptions are what the front end was told to assume of the
	// environment (an allocation never fails): a proof holds under
	// them.
	Assumptions []string
	// RegionCounts are the ghost counters of threads in regions
	// (CountRegions).
	RegionCounts []RegionCount
	// PointerBits is the width of a pointer (0: 64).
	PointerBits int
	// InterruptEnable is the global interrupt enable of an
	// interrupt-driven program (nil: none): a handler's firing waits
	// until it is set. Where a thread surely runs with it clear, its
	// locations are Atomic.
	InterruptEnable *Var
}

// Seed is a predicate over the globals and, where Template >= 0, the
// locals of that template.
type Seed struct {
	E        Expr
	Template int
}

// Size says how large p is: its thread templates, locations and edges.
func (p *Program) Size() string {
	locs, edges := 0, 0
	for _, c := range p.Templates {
		locs += len(c.Locs)
		edges += len(c.Edges)
	}
	return fmt.Sprintf("%d thread templates, %d locations, %d edges", len(p.Templates), locs, edges)
}

// Main returns the main template.
func (p *Program) Main() *CFA { return p.Templates[0] }

// Global returns the global named name (its C name), or nil.
func (p *Program) Global(name string) *Var {
	for _, g := range p.Globals {
		if g.Name == name || g.CName == name {
			return g
		}
	}
	return nil
}

// Finish computes out-edge lists and per-edge read/write sets of Data
// globals. Producers call it once the CFAs are complete.
func (p *Program) Finish() {
	for i, g := range p.Globals {
		g.Index = i
	}
	for _, c := range p.Templates {
		for j, v := range c.Locals {
			v.Index = j
		}
	}
	p.FinishDerived()
}

// FinishDerived is Finish for a program derived from a finished one (a
// slice) that shares its variables, already numbered: it sets what
// Finish sets on templates and edges and leaves the variables alone,
// which checks of the other program may be reading.
func (p *Program) FinishDerived() {
	p.Approximations = nil
	for i, c := range p.Templates {
		c.Index = i
		c.Out = make([][]*Edge, len(c.Locs))
		for _, e := range c.Edges {
			c.Out[e.From] = append(c.Out[e.From], e)
			e.Reads, e.Writes = racyAccesses(e)
			if e.Approx {
				p.Approximations = append(p.Approximations, e)
			}
		}
	}
	p.computeMultiplicities()
}

// MarkHandlers sets Location.Handler: a location is in a handler region
// when the paths from the entry to it cross one more HandlerEnter than
// HandlerExit. Regions must be well nested: every path to a location
// crosses the same balance, never negative nor above one. It returns the
// first edge where that fails, and why.
func (c *CFA) MarkHandlers() (*Edge, string) {
	depth := make([]int, len(c.Locs))
	for i := range depth {
		depth[i] = -1
	}
	out := make([][]*Edge, len(c.Locs))
	for _, e := range c.Edges {
		out[e.From] = append(out[e.From], e)
	}
	depth[c.Entry] = 0
	work := []int{c.Entry}
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range out[l] {
			d := depth[l]
			switch e.Kind {
			case HandlerEnter:
				d++
			case HandlerExit:
				d--
			}
			switch {
			case d < 0:
				return e, "exit outside a handler region"
			case d > 1:
				return e, "handler regions cannot nest in one thread"
			case depth[e.To] >= 0 && depth[e.To] != d:
				return e, "paths join inside and outside a handler region"
			}
			if depth[e.To] < 0 {
				depth[e.To] = d
				work = append(work, e.To)
			}
		}
	}
	for l, loc := range c.Locs {
		loc.Handler = depth[l] == 1
	}
	return nil, ""
}

// computeMultiplicities sets each template's Mult from its create sites:
// main runs once; a create edge on a CFA cycle, or in an unbounded
// template, makes its target unbounded; otherwise each site adds its
// creator's count. Counts are upper bounds (a site may not execute).
func (p *Program) computeMultiplicities() {
	for _, c := range p.Templates {
		c.Mult = Multiplicity{}
	}
	p.Main().Mult.Count = 1
	// Whether a create site is on a cycle does not change between
	// rounds; each is one search of its CFA, done once.
	cyclic := map[*Edge]bool{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind == Create {
				cyclic[e] = c.onCycle(e)
			}
		}
	}
	// Iterate to a fixpoint over the creation graph; a cycle of creations
	// (a template that transitively creates itself) becomes unbounded.
	for round := 0; round <= len(p.Templates)+1; round++ {
		next := make([]Multiplicity, len(p.Templates))
		next[0].Count = 1
		for _, c := range p.Templates {
			for _, e := range c.Edges {
				if e.Kind != Create {
					continue
				}
				t := &next[e.Template.Index]
				if c.Mult.Unbounded || cyclic[e] {
					t.Unbounded = true
				}
				t.Count += c.Mult.Count
			}
		}
		changed := false
		for i, c := range p.Templates {
			if round == len(p.Templates)+1 && next[i] != c.Mult {
				next[i].Unbounded = true // still growing: a creation cycle
			}
			if next[i].Unbounded {
				next[i].Count = 0
			}
			if next[i] != c.Mult {
				c.Mult, changed = next[i], true
			}
		}
		if !changed {
			return
		}
	}
}

// onCycle reports whether e.From is reachable from e.To.
func (c *CFA) onCycle(e *Edge) bool {
	seen := make([]bool, len(c.Locs))
	stack := []int{e.To}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l == e.From {
			return true
		}
		if seen[l] {
			continue
		}
		seen[l] = true
		for _, o := range c.Out[l] {
			stack = append(stack, o.To)
		}
	}
	return false
}

// ReadVars adds to set the variables e's expressions read: its
// right-hand side, condition, havoc range, thread argument and joined
// handle.
func (e *Edge) ReadVars(set map[*Var]bool) {
	for _, x := range []Expr{e.RHS, e.Cond, e.Lo, e.Hi, e.Arg, e.Handle} {
		if x != nil {
			Vars(x, set)
		}
	}
}

func racyAccesses(e *Edge) (reads, writes []*Var) {
	rs := map[*Var]bool{}
	var ws []*Var
	e.ReadVars(rs)
	switch e.Kind {
	case Assign, Havoc, TryLock, Create:
		if e.LHS != nil {
			ws = append(ws, e.LHS)
		}
	}
	for v := range rs {
		if v.Racy() {
			reads = append(reads, v)
		}
	}
	sort.Slice(reads, func(i, j int) bool { return reads[i].Name < reads[j].Name })
	for _, v := range ws {
		if v.Racy() {
			writes = append(writes, v)
		}
	}
	return reads, writes
}

// SharedMemory returns the Racy globals (data and thread handles) that
// can be accessed by two threads: those accessed by two templates, or by
// a template that can run more than one instance. These are the
// variables circ checks by default.
func (p *Program) SharedMemory() []*Var {
	// A string literal's cells are only read (writing one stops the
	// program): they cannot race.
	literal := map[*Var]bool{}
	if p.Memory != nil {
		for _, o := range p.Memory.Objects {
			if o.Kind == StringObject {
				for _, v := range o.Cells {
					literal[v] = true
				}
			}
		}
	}
	var out []*Var
	for _, v := range p.shared(func(e *Edge) []*Var { return append(append([]*Var{}, e.Reads...), e.Writes...) }) {
		if !literal[v] {
			out = append(out, v)
		}
	}
	return out
}

// shared returns, in declaration order, the globals that uses(e) names
// on edges of two templates, or of one template that can run more than
// one instance.
func (p *Program) shared(uses func(e *Edge) []*Var) []*Var {
	users := map[*Var]map[int]bool{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			for _, v := range uses(e) {
				if users[v] == nil {
					users[v] = map[int]bool{}
				}
				users[v][c.Index] = true
			}
		}
	}
	var out []*Var
	for _, g := range p.Globals {
		u := users[g]
		if len(u) >= 2 {
			out = append(out, g)
			continue
		}
		for i := range u {
			if m := p.Templates[i].Mult; m.Unbounded || m.Count > 1 {
				out = append(out, g)
			}
		}
	}
	return out
}

// String prints the program as text, one template after another.
func (p *Program) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "program %s\n", p.File)
	for _, g := range p.Globals {
		kind := ""
		switch g.Kind {
		case Mutex:
			kind = " (mutex)"
		case Handle:
			kind = " (thread handle)"
		case Sync:
			kind = " (synchronization)"
		}
		fmt.Fprintf(&b, "global %s = %d%s\n", g.Name, g.Init, kind)
	}
	for _, c := range p.Templates {
		shadow := ""
		if c.Shadows != nil {
			shadow = ", shadow of " + c.Shadows.Name
		}
		fmt.Fprintf(&b, "\ntemplate %s (instances: %s, entry: L%d%s)\n", c.Name, c.Mult, c.Entry, shadow)
		for l, loc := range c.Locs {
			mark := ""
			if loc.Atomic {
				mark = " atomic"
			}
			if loc.Handler {
				mark += " handler"
			}
			if len(c.Out[l]) == 0 {
				mark += " final"
			}
			fmt.Fprintf(&b, "  L%d%s\n", l, mark)
			for _, e := range c.Out[l] {
				fmt.Fprintf(&b, "    -> L%d  %s  [%s]", e.To, e, e.Pos)
				if e.Approx {
					fmt.Fprintf(&b, " (approximation: %s)", e.Note)
				}
				if e.Sync != nil {
					fmt.Fprintf(&b, " (%s)", e.Sync)
				}
				if e.Order != NotAtomic && (e.Kind == Assign || e.Kind == Assume) {
					fmt.Fprintf(&b, " (%s)", e.Order)
				}
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// OnCycle reports whether e lies on a cycle of c (c.Out must be set):
// the edge can be taken more than once in one run of the thread.
func (c *CFA) OnCycle(e *Edge) bool { return c.onCycle(e) }
