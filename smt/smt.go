// Package smt owns circ's use of Z3: translating cfa expressions into Z3
// terms under a variable naming (SSA versions, thread copies), and the
// queries the abstract engine needs, built only from satisfiability checks
// on one long-lived solver with Push/Pop: plain checks, all-SAT
// enumeration of predicate valuations (the boolean abstraction Abs.P),
// models, and minimal unsatisfiable cores by deletion.
//
// A Solver belongs to one goroutine. go-z3 frees Z3 objects only through
// finalizers, so a solver or context per query would grow memory without
// bound; keep one Solver per worker.
package smt

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"

	"circ/cfa"

	"github.com/aclements/go-z3/z3"
)

// ErrUnknown is returned when Z3 answers unknown or the check was
// interrupted (timeout).
var ErrUnknown = errors.New("solver returned unknown")

// QueryLimitMS bounds each check of the solvers the checks use: a query
// Z3 cannot decide within it makes the variable's check unknown (the
// explicit stage may still decide it) instead of running without end
// when no --timeout is given.
const QueryLimitMS uint = 60_000

// Solver is a Z3 context with one incremental solver.
type Solver struct {
	Ctx     *z3.Context
	s       *z3.Solver
	intSort z3.Sort
	funcs   map[string]z3.FuncDecl
	consts  map[string]z3.Int
	// Queries counts satisfiability checks.
	Queries int
	stop    func() bool
	// Broken is set by callers that recovered from a Z3 failure (after
	// an interrupt Z3 rejects further calls): the solver must be
	// replaced.
	Broken bool
	// interrupted: Bind interrupted Ctx.
	interrupted atomic.Bool
}

var newMu sync.Mutex

// New makes a solver. Each check runs at most timeoutMS milliseconds
// (0: no limit).
func New(timeoutMS uint) *Solver {
	// Z3 keeps global parameter and memory state that context creation
	// touches without a lock of its own: concurrent creations from
	// parallel checks crash it now and then (an assertion in ast.cpp).
	newMu.Lock()
	defer newMu.Unlock()
	cfg := z3.NewContextConfig()
	if timeoutMS > 0 {
		cfg.SetUint("timeout", timeoutMS)
	}
	ctx := z3.NewContext(cfg)
	return &Solver{Ctx: ctx, s: z3.NewSolver(ctx), intSort: ctx.IntSort(), funcs: map[string]z3.FuncDecl{}, consts: map[string]z3.Int{}}
}

// Bind makes checks fail with ErrUnknown once ctx is done (until the
// next Bind), and interrupts a running check when it is, until release.
// Z3 keeps an interrupt: the context rejects later calls, so a solver
// interrupted (Interrupted) must be replaced; one released first, even
// if ctx ends right after, may be bound again.
func (s *Solver) Bind(ctx context.Context) (release func()) {
	s.stop = func() bool { return ctx.Err() != nil }
	var mu sync.Mutex
	released := false
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			mu.Lock()
			if !released {
				s.interrupted.Store(true)
				s.Ctx.Interrupt()
			}
			mu.Unlock()
		case <-done:
		}
	}()
	return func() {
		mu.Lock()
		released = true
		mu.Unlock()
		close(done)
	}
}

// Interrupted reports whether a Bind interrupted the solver's context.
func (s *Solver) Interrupted() bool { return s.interrupted.Load() }

// Env names the Z3 constant standing for a program variable.
type Env func(v *cfa.Var) string

// Const is the integer constant named name.
// Constants are cached: building one goes through cgo and a finalizer.
func (s *Solver) Const(name string) z3.Int {
	c, ok := s.consts[name]
	if !ok {
		c = s.Ctx.IntConst(name)
		s.consts[name] = c
	}
	return c
}

// Num is an integer literal.
func (s *Solver) Num(n int64) z3.Int { return s.Ctx.FromInt(n, s.intSort).(z3.Int) }

// True is the formula true.
func (s *Solver) True() z3.Bool { return s.Ctx.FromBool(true) }

// Int translates e as an integer term.
func (s *Solver) Int(e cfa.Expr, env Env) z3.Int {
	switch e := e.(type) {
	case cfa.Const:
		return s.Num(e.Val)
	case cfa.Ref:
		return s.Const(env(e.V))
	case cfa.Unary:
		switch e.Op {
		case cfa.Neg:
			return s.Int(e.X, env).Neg()
		case cfa.BitNot:
			return s.Int(e.X, env).Neg().Sub(s.Num(1)) // ~x == -x-1 in two's complement
		}
		if to, ok := e.Op.IntType(); ok {
			return s.wrap(s.Int(e.X, env), to)
		}
	case cfa.Binary:
		if e.Op.IsBool() {
			break
		}
		x, y := s.Int(e.X, env), s.Int(e.Y, env)
		switch e.Op {
		case cfa.Add:
			return x.Add(y)
		case cfa.Sub:
			return x.Sub(y)
		case cfa.Mul:
			return x.Mul(y)
		case cfa.Div:
			return s.truncDiv(x, y)
		case cfa.Mod:
			return x.Sub(y.Mul(s.truncDiv(x, y)))
		default:
			if r, ok := s.bitwiseConst(e.Op, x, e.Y); ok {
				return r
			}
			if e.Op != cfa.Shl && e.Op != cfa.Shr {
				if r, ok := s.bitwiseConst(e.Op, y, e.X); ok { // & | ^ commute
					return r
				}
			}
			// Bitwise on two variables: uninterpreted, an
			// over-approximation.
			return s.uf(e.Op.String(), x, y)
		}
	case cfa.Cond:
		return s.Bool(e.C, env).IfThenElse(s.Int(e.T, env), s.Int(e.F, env)).(z3.Int)
	}
	if !cfa.IsBoolExpr(e) {
		panic(fmt.Sprintf("smt: cannot translate expression %#v", e))
	}
	// A truth value used as an integer.
	return s.Bool(e, env).IfThenElse(s.Num(1), s.Num(0)).(z3.Int)
}

// wrap converts x to the C integer type to: modulo 2^bits into the
// type's range (Z3's mod is never negative for a positive divisor).
func (s *Solver) wrap(x z3.Int, to cfa.IntType) z3.Int {
	m := s.Ctx.FromBigInt(new(big.Int).Lsh(big.NewInt(1), uint(to.Bits)), s.intSort).(z3.Int)
	if !to.Signed {
		return x.Mod(m)
	}
	h := s.Ctx.FromBigInt(new(big.Int).Lsh(big.NewInt(1), uint(to.Bits-1)), s.intSort).(z3.Int)
	return x.Add(h).Mod(m).Sub(h)
}

// bitwiseConst translates x op c for a constant c exactly, in linear
// arithmetic over two's complement integers of unbounded width (a C
// value's bits are those of the mathematical integer): x & m for
// m = 2^j - 2^i (a run of ones) is (x mod 2^j) - (x mod 2^i), a
// non-negative mask is a sum of runs, a negative one c is x - (x & ~c);
// x | c = x + c - (x & c); x ^ c = x + c - 2(x & c); x << k = x * 2^k
// and x >> k = floor(x / 2^k) (Z3's div by a positive number floors,
// which is the arithmetic shift). ok is false when c is no constant,
// or a shift count the interpreter rejects.
func (s *Solver) bitwiseConst(op cfa.BinOp, x z3.Int, c cfa.Expr) (z3.Int, bool) {
	k, ok := c.(cfa.Const)
	if !ok {
		return z3.Int{}, false
	}
	pow := func(n uint) z3.Int {
		return s.Ctx.FromBigInt(new(big.Int).Lsh(big.NewInt(1), n), s.intSort).(z3.Int)
	}
	and := func(m int64) z3.Int {
		neg := m < 0
		if neg {
			m = ^m
		}
		r := s.Num(0)
		for i := uint(0); i < 63; {
			if m>>i&1 == 0 {
				i++
				continue
			}
			j := i
			for j < 63 && m>>j&1 == 1 {
				j++
			}
			r = r.Add(x.Mod(pow(j)))
			if i > 0 {
				r = r.Sub(x.Mod(pow(i)))
			}
			i = j
		}
		if neg {
			return x.Sub(r)
		}
		return r
	}
	switch op {
	case cfa.BitAnd:
		return and(k.Val), true
	case cfa.BitOr:
		return x.Add(s.Num(k.Val)).Sub(and(k.Val)), true
	case cfa.BitXor:
		return x.Add(s.Num(k.Val)).Sub(and(k.Val).Mul(s.Num(2))), true
	case cfa.Shl, cfa.Shr:
		if k.Val < 0 || k.Val >= 64 {
			return z3.Int{}, false
		}
		if op == cfa.Shl {
			return x.Mul(pow(uint(k.Val))), true
		}
		return x.Div(pow(uint(k.Val))), true
	}
	return z3.Int{}, false
}

// Bool translates e as a formula (an integer means "!= 0").
func (s *Solver) Bool(e cfa.Expr, env Env) z3.Bool {
	switch e := e.(type) {
	case cfa.Unary:
		if e.Op == cfa.Not {
			return s.Bool(e.X, env).Not()
		}
	case cfa.Binary:
		switch e.Op {
		case cfa.And:
			return s.Bool(e.X, env).And(s.Bool(e.Y, env))
		case cfa.Or:
			return s.Bool(e.X, env).Or(s.Bool(e.Y, env))
		case cfa.Eq, cfa.Ne, cfa.Lt, cfa.Le, cfa.Gt, cfa.Ge:
			x, y := s.Int(e.X, env), s.Int(e.Y, env)
			switch e.Op {
			case cfa.Eq:
				return x.Eq(y)
			case cfa.Ne:
				return x.NE(y)
			case cfa.Lt:
				return x.LT(y)
			case cfa.Le:
				return x.LE(y)
			case cfa.Gt:
				return x.GT(y)
			default:
				return x.GE(y)
			}
		}
	case cfa.Cond:
		return s.Bool(e.C, env).IfThenElse(s.Bool(e.T, env), s.Bool(e.F, env)).(z3.Bool)
	case cfa.Const:
		return s.Ctx.FromBool(e.Val != 0)
	}
	return s.Int(e, env).NE(s.Num(0))
}

// truncDiv is C's division (towards zero) from Z3's Euclidean div.
func (s *Solver) truncDiv(x, y z3.Int) z3.Int {
	zero := s.Num(0)
	q := x.Div(y) // Euclidean: correct when x >= 0
	negx := x.Neg().Div(y).Neg()
	return x.GE(zero).IfThenElse(q, negx).(z3.Int)
}

func (s *Solver) uf(name string, args ...z3.Int) z3.Int {
	key := fmt.Sprintf("%s/%d", name, len(args))
	f, ok := s.funcs[key]
	if !ok {
		dom := make([]z3.Sort, len(args))
		for i := range dom {
			dom[i] = s.intSort
		}
		f = s.Ctx.FuncDecl("bit"+name, dom, s.intSort)
		s.funcs[key] = f
	}
	vals := make([]z3.Value, len(args))
	for i, a := range args {
		vals[i] = a
	}
	return f.Apply(vals...).(z3.Int)
}

// Check reports whether the conjunction of fs is satisfiable. The solver
// is left as it was.
func (s *Solver) Check(fs ...z3.Bool) (bool, error) {
	s.s.Push()
	defer s.s.Pop()
	for _, f := range fs {
		s.s.Assert(f)
	}
	return s.check()
}

func (s *Solver) check() (bool, error) {
	if s.stop != nil && s.stop() {
		return false, ErrUnknown
	}
	s.Queries++
	sat, err := s.s.Check()
	if err != nil {
		return false, fmt.Errorf("%w: %v", ErrUnknown, err)
	}
	return sat, nil
}

// Model checks the conjunction of fs and, if satisfiable, returns the
// value of each named integer constant in the model.
func (s *Solver) Model(fs []z3.Bool, names []string) (map[string]int64, bool, error) {
	s.s.Push()
	defer s.s.Pop()
	for _, f := range fs {
		s.s.Assert(f)
	}
	sat, err := s.check()
	if err != nil || !sat {
		return nil, sat, err
	}
	m := s.s.Model()
	vals := make(map[string]int64, len(names))
	for _, n := range names {
		v := m.Eval(s.Const(n), true).(z3.Int)
		i, isLit, ok := v.AsInt64()
		if !isLit || !ok {
			return nil, true, fmt.Errorf("model value of %s does not fit in 64 bits", n)
		}
		vals[n] = i
	}
	return vals, true, nil
}

// AllSat enumerates the valuations of preds consistent with base: the
// exact boolean abstraction of base over preds. Each valuation is a
// bitmask (bit i: preds[i] holds). At most 64 predicates.
func (s *Solver) AllSat(base z3.Bool, preds []z3.Bool) ([]uint64, error) {
	if len(preds) > 64 {
		return nil, fmt.Errorf("%w: more than 64 predicates", ErrUnknown)
	}
	s.s.Push()
	defer s.s.Pop()
	s.s.Assert(base)
	var out []uint64
	for {
		sat, err := s.check()
		if err != nil {
			return nil, err
		}
		if !sat {
			return out, nil
		}
		m := s.s.Model()
		var bits uint64
		block := make([]z3.Bool, 0, len(preds))
		for i, p := range preds {
			v, _ := m.Eval(p, true).(z3.Bool).AsBool()
			if v {
				bits |= 1 << i
				block = append(block, p.Not())
			} else {
				block = append(block, p)
			}
		}
		out = append(out, bits)
		if len(block) == 0 {
			return out, nil
		}
		s.s.Assert(block[0].Or(block[1:]...))
	}
}

// MinimalCore returns the indexes of a minimal unsatisfiable subset of fs
// (deletion-based: in order, drop each formula whose removal keeps the
// rest unsatisfiable). fs must be unsatisfiable.
//
// A refinement's trace formula has thousands of clauses of which a few
// matter, so the formulas are dropped by runs: if dropping the next m
// keeps the rest unsatisfiable, dropping them one by one would have
// too (a superset of an unsatisfiable set is unsatisfiable), and the
// first that cannot go is kept. The longest run that can go is found by
// doubling and bisection: O(k log n) queries for a core of k of n
// formulas, where dropping one at a time takes n, and the same core.
func (s *Solver) MinimalCore(fs []z3.Bool) ([]int, error) {
	gone := make([]bool, len(fs))
	// unsatWithout reports whether fs stays unsatisfiable without
	// those already gone and those in [i, j).
	unsatWithout := func(i, j int) (bool, error) {
		var rest []z3.Bool
		for k, f := range fs {
			if !gone[k] && (k < i || k >= j) {
				rest = append(rest, f)
			}
		}
		sat, err := s.Check(rest...)
		return !sat, err
	}
	var core []int
	for i := 0; i < len(fs); {
		// [i, i+lo) can go; [i, i+hi) cannot, or runs past the end.
		lo, hi := 0, 1
		for i+hi <= len(fs) {
			ok, err := unsatWithout(i, i+hi)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			lo, hi = hi, 2*hi
		}
		hi = min(hi, len(fs)-i+1)
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			ok, err := unsatWithout(i, i+mid)
			if err != nil {
				return nil, err
			}
			if ok {
				lo = mid
			} else {
				hi = mid
			}
		}
		for k := i; k < i+lo; k++ {
			gone[k] = true
		}
		if i+lo < len(fs) {
			core = append(core, i+lo)
		}
		i += lo + 1
	}
	return core, nil
}
