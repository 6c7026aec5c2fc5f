package ranges

import (
	"math"
	"slices"

	"circ/cfa"
)

// maxSet is the most values a val lists one by one; more make it an
// interval.
const maxSet = 16

// val is a set of integers: the values listed in set, or every value
// in [lo, hi] when set is nil. A val is never empty.
type val struct {
	lo, hi int64
	set    []int64
}

var top = val{lo: math.MinInt64, hi: math.MaxInt64}

func single(x int64) val { return val{x, x, []int64{x}} }

// interval is [lo, hi], listed when it is small.
func interval(lo, hi int64) val {
	if hi >= lo && uint64(hi-lo) < maxSet {
		s := make([]int64, 0, hi-lo+1)
		for x := lo; ; x++ {
			s = append(s, x)
			if x == hi {
				break
			}
		}
		return val{lo, hi, s}
	}
	return val{lo: lo, hi: hi}
}

// fromSet is the val of the values xs (not empty).
func fromSet(xs []int64) val {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	xs = slices.Compact(xs)
	if len(xs) > maxSet {
		return interval(xs[0], xs[len(xs)-1])
	}
	return val{xs[0], xs[len(xs)-1], xs}
}

// finite reports whether v lists its values.
func (v val) finite() bool { return v.set != nil }

func (v val) has(x int64) bool {
	if v.set != nil {
		_, ok := slices.BinarySearch(v.set, x)
		return ok
	}
	return v.lo <= x && x <= v.hi
}

func (v val) join(w val) val {
	if v.set != nil && w.set != nil {
		return fromSet(append(slices.Clone(v.set), w.set...))
	}
	return interval(min(v.lo, w.lo), max(v.hi, w.hi))
}

// within reports whether every value of v is one of w's.
func (v val) within(w val) bool {
	if v.set != nil {
		for _, x := range v.set {
			if !w.has(x) {
				return false
			}
		}
		return true
	}
	return w.set == nil && w.lo <= v.lo && v.hi <= w.hi
}

// meet is the values of both; ok is false when there is none.
func (v val) meet(w val) (val, bool) {
	if v.set == nil && w.set == nil {
		lo, hi := max(v.lo, w.lo), min(v.hi, w.hi)
		return interval(lo, hi), lo <= hi
	}
	if v.set == nil {
		v, w = w, v
	}
	var xs []int64
	for _, x := range v.set {
		if w.has(x) {
			xs = append(xs, x)
		}
	}
	if len(xs) == 0 {
		return val{}, false
	}
	return fromSet(xs), true
}

// typeRange is every value v may hold.
func typeRange(v *cfa.Var) val {
	switch {
	case v.Bool:
		return interval(0, 1)
	case v.Int.Valid():
		lo, hi, hasMax := v.Int.Bounds()
		if !hasMax {
			hi = math.MaxInt64 // uint64 beyond int64 is not an int64 either
		}
		return interval(lo, hi)
	}
	return top
}

// widen is v after w joined it once too often: an interval that does
// not grow on a bounded side any more, within the variable's range.
func widen(v, w val, limit val) val {
	j := v.join(w)
	lo, hi := j.lo, j.hi
	if lo < v.lo {
		lo = limit.lo
	}
	if hi > v.hi {
		hi = limit.hi
	}
	return val{lo: lo, hi: hi}
}
