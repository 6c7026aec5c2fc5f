package acfa

import (
	"strconv"
	"strings"
)

// Count is an abstract number of threads: 0..k exactly, or Omega for
// "any number" (paper section 3.4: omega+1 = omega, omega-1 = omega).
type Count int16

// Omega stands for an arbitrary (possibly unbounded) number of threads.
const Omega Count = -1

// Inc is alpha.k(c + 1).
func (c Count) Inc(k int) Count {
	if c == Omega || int(c)+1 > k {
		return Omega
	}
	return c + 1
}

// Dec is c - 1 (Omega stays Omega). Dec of 0 is a caller bug.
func (c Count) Dec() Count {
	if c == Omega {
		return Omega
	}
	return c - 1
}

// Positive reports c > 0 (Omega counts as positive: some threads).
func (c Count) Positive() bool { return c != 0 }

// LessEq orders counts with Omega on top: at a location where threads
// do not exclude each other, more threads can do whatever fewer can.
func (c Count) LessEq(o Count) bool { return o == Omega || (c != Omega && c <= o) }

// AtLeastTwo reports whether c may be 2 or more.
func (c Count) AtLeastTwo() bool { return c == Omega || c >= 2 }

func (c Count) String() string {
	if c == Omega {
		return "ω"
	}
	return strconv.Itoa(int(c))
}

// Context is an abstract context state Γ: for each template's ACFA, the
// count of context threads at each of its locations.
type Context [][]Count

// Clone copies Γ.
func (g Context) Clone() Context {
	out := make(Context, len(g))
	for i, cs := range g {
		out[i] = append([]Count(nil), cs...)
	}
	return out
}

// Key is a canonical string for hashing.
func (g Context) Key() string {
	var b strings.Builder
	for i, cs := range g {
		if i > 0 {
			b.WriteByte('|')
		}
		for j, c := range cs {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(c.String())
		}
	}
	return b.String()
}

// AppendKey appends a compact binary form of g to b: equal contexts of
// the same shape (the ACFAs of one analysis) have equal forms. A map
// lookup through it allocates nothing, where Key builds text.
func (g Context) AppendKey(b []byte) []byte {
	for _, cs := range g {
		for _, c := range cs {
			b = append(b, byte(c), byte(c>>8))
		}
	}
	return b
}

// Match says how CoveredBy compares the counters of a location.
type Match int8

const (
	// AtLeast: more threads there is more behaviour.
	AtLeast Match = iota
	// Occupied: AtLeast, and occupied exactly when the other is (a
	// thread there only blocks others, like one in a handler).
	Occupied
	// Exactly: the same count (atomic locations, where one thread
	// blocks the others and two block everyone).
	Exactly
	// SameOrOmega: the same count, or omega in the bigger context (a
	// location a region count counts: more threads there surely is a
	// stronger bound on its ghost, which may rule out moves that fewer
	// allow; omega bounds nothing).
	SameOrOmega
)

// CoveredBy reports whether g <= o location by location, compared as
// match[template][location] says.
func (g Context) CoveredBy(o Context, match [][]Match) bool {
	for j, cs := range g {
		for q, c := range cs {
			d := o[j][q]
			if c == d {
				continue
			}
			switch match[j][q] {
			case Exactly:
				if c != d {
					return false
				}
			case Occupied:
				if c.Positive() != d.Positive() || !c.LessEq(d) {
					return false
				}
			case SameOrOmega:
				if d != Omega {
					return false // c != d
				}
			default:
				if !c.LessEq(d) {
					return false
				}
			}
		}
	}
	return true
}

// Weight is the total number of threads, omega counting as one more
// than any bound: a size for ordering contexts.
func (g Context) Weight() int {
	w := 0
	for _, cs := range g {
		for _, c := range cs {
			if c == Omega {
				w += 1 << 10
			} else {
				w += int(c)
			}
		}
	}
	return w
}

// Live is the number of threads of template j (-1 if one count is
// omega).
func (g Context) Live(j int) int {
	n := 0
	for _, c := range g[j] {
		if c == Omega {
			return -1
		}
		n += int(c)
	}
	return n
}
