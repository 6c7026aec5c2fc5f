package interp

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"circ/cfa"
)

// Runtime errors of expression evaluation.
var (
	ErrDivZero  = errors.New("division by zero")
	ErrShift    = errors.New("shift count out of range")
	ErrOverflow = errors.New("integer overflow (integers are mathematical; values beyond int64 are not modelled)")
	ErrUnsigned = errors.New("an unsigned 64-bit value of 2^63 or more (the interpreter's integers are int64)")
)

// Eval evaluates e as seen by thread t of s.
func (s *State) Eval(t int, e cfa.Expr) (int64, error) { return s.eval(t, e) }

func (s *State) eval(t int, e cfa.Expr) (int64, error) {
	return EvalWith(e, func(v *cfa.Var) int64 { return s.value(t, v) })
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// EvalWith evaluates e with the values value gives its variables, as
// the interpreter does (C's operators on mathematical integers, errors
// where C's are undefined or circ's integers end).
func EvalWith(e cfa.Expr, value func(*cfa.Var) int64) (int64, error) {
	ev := evaluator(value)
	return ev.eval(e)
}

type evaluator func(*cfa.Var) int64

func (value evaluator) eval(e cfa.Expr) (int64, error) {
	switch e := e.(type) {
	case cfa.Const:
		return e.Val, nil
	case cfa.Ref:
		return value(e.V), nil
	case cfa.Unary:
		x, err := value.eval(e.X)
		if err != nil {
			return 0, err
		}
		switch e.Op {
		case cfa.Neg:
			if x == math.MinInt64 {
				return 0, ErrOverflow
			}
			return -x, nil
		case cfa.Not:
			return b2i(x == 0), nil
		case cfa.BitNot:
			return ^x, nil
		}
		if to, ok := e.Op.IntType(); ok {
			if r, ok := to.Wrap(x); ok {
				return r, nil
			}
			return 0, ErrUnsigned
		}
		return 0, fmt.Errorf("unknown unary operator %d", e.Op)
	case cfa.Binary:
		x, err := value.eval(e.X)
		if err != nil {
			return 0, err
		}
		// && and || short-circuit as in C.
		switch e.Op {
		case cfa.And:
			if x == 0 {
				return 0, nil
			}
			y, err := value.eval(e.Y)
			return b2i(y != 0), err
		case cfa.Or:
			if x != 0 {
				return 1, nil
			}
			y, err := value.eval(e.Y)
			return b2i(y != 0), err
		}
		y, err := value.eval(e.Y)
		if err != nil {
			return 0, err
		}
		return binop(e.Op, x, y)
	case cfa.Cond:
		c, err := value.eval(e.C)
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return value.eval(e.T)
		}
		return value.eval(e.F)
	case nil:
		return 0, errors.New("missing expression")
	}
	return 0, fmt.Errorf("unknown expression %T", e)
}

// binop applies a non-short-circuit operator with C semantics.
func binop(op cfa.BinOp, x, y int64) (int64, error) {
	switch op {
	case cfa.Add:
		r := x + y
		if (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0) {
			return 0, ErrOverflow
		}
		return r, nil
	case cfa.Sub:
		r := x - y
		if (x >= 0) != (y >= 0) && (r >= 0) != (x >= 0) {
			return 0, ErrOverflow
		}
		return r, nil
	case cfa.Mul:
		if x == 0 || y == 0 {
			return 0, nil
		}
		hi, lo := bits.Mul64(abs(x), abs(y))
		neg := (x < 0) != (y < 0)
		if hi != 0 || (!neg && lo > math.MaxInt64) || (neg && lo > 1<<63) {
			return 0, ErrOverflow
		}
		return x * y, nil
	case cfa.Div, cfa.Mod:
		if y == 0 {
			return 0, ErrDivZero
		}
		if x == math.MinInt64 && y == -1 {
			if op == cfa.Mod {
				return 0, nil
			}
			return 0, ErrOverflow
		}
		// Go's / and % truncate toward zero, as C99 does.
		if op == cfa.Div {
			return x / y, nil
		}
		return x % y, nil
	case cfa.Eq:
		return b2i(x == y), nil
	case cfa.Ne:
		return b2i(x != y), nil
	case cfa.Lt:
		return b2i(x < y), nil
	case cfa.Le:
		return b2i(x <= y), nil
	case cfa.Gt:
		return b2i(x > y), nil
	case cfa.Ge:
		return b2i(x >= y), nil
	case cfa.BitAnd:
		return x & y, nil
	case cfa.BitOr:
		return x | y, nil
	case cfa.BitXor:
		return x ^ y, nil
	case cfa.Shl, cfa.Shr:
		if y < 0 || y >= 64 {
			return 0, ErrShift
		}
		if op == cfa.Shl {
			return x << uint(y), nil
		}
		return x >> uint(y), nil
	}
	return 0, fmt.Errorf("unknown binary operator %d", op)
}

func abs(x int64) uint64 {
	if x < 0 {
		return uint64(-x) // -MinInt64 wraps to 1<<63, as wanted
	}
	return uint64(x)
}
