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
