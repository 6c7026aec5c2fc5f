package interp

import (
	"fmt"
	"strings"

	"circ/cfa"
)

// RaceDef selects the race definition (docs/race-definitions.md).
type RaceDef int

const (
	// SVCOMP: two threads with enabled conflicting accesses, not both
	// inside atomic sections (the default).
	SVCOMP RaceDef = iota
	// CIRC: as SVCOMP, and in addition no thread is at an atomic location
	// (the paper, sections 2.1 and 4.1).
	CIRC
	// C11: as SVCOMP, or a thread about to access the variable while an
	// earlier conflicting access of another thread does not happen
	// before it (hb.go): a relaxed atomic orders nothing.
	C11
)

func (d RaceDef) String() string {
	switch d {
	case SVCOMP:
		return "svcomp"
	case CIRC:
		return "circ"
	case C11:
		return "c11"
	}
	return fmt.Sprintf("RaceDef(%d)", int(d))
}

// ParseRaceDef parses "svcomp", "circ" or "c11".
func ParseRaceDef(s string) (RaceDef, error) {
	switch strings.ToLower(s) {
	case "svcomp":
		return SVCOMP, nil
	case "circ":
		return CIRC, nil
	case "c11":
		return C11, nil
	}
	return 0, fmt.Errorf("unknown race definition %q (want svcomp, circ or c11)", s)
}

// Access is an enabled access of a thread to a variable: an out-edge of
// the thread's current location that reads or writes it.
type Access struct {
	Thread int
	Edge   *cfa.Edge
	Write  bool
	Atomic bool // the thread is at an atomic location
}

// Accesses returns the enabled accesses to x in s, thread by thread.
// Enabledness is syntactic: the guard of the edge is not evaluated; done
// threads have no accesses.
func (s *State) Accesses(x *cfa.Var) []Access {
	var out []Access
	for i := range s.Threads {
		t := &s.Threads[i]
		if t.Done {
			continue
		}
		atomic := t.Template.Locs[t.Loc].Atomic
		for _, e := range t.Template.Out[t.Loc] {
			if ok, w := e.Accesses(x); ok {
				out = append(out, Access{Thread: i, Edge: e, Write: w, Atomic: atomic})
			}
		}
	}
	return out
}

// RaceOn reports whether s is a race state on the Racy global x under def,
// and returns a witnessing pair of accesses (the first in thread and edge
// order, a write first when there is a choice between equal pairs).
func RaceOn(s *State, x *cfa.Var, def RaceDef) (a, b Access, ok bool) {
	if !x.Racy() {
		return a, b, false
	}
	if def == CIRC && len(s.AtomicThreads()) > 0 {
		return a, b, false
	}
	acc := s.Accesses(x)
	for i := range acc {
		for j := i + 1; j < len(acc); j++ {
			p, q := acc[i], acc[j]
			if p.Thread == q.Thread || (!p.Write && !q.Write) || (p.Atomic && q.Atomic) ||
				!cfa.MayRace(s.Threads[p.Thread].Template, s.Threads[q.Thread].Template, x) {
				continue
			}
			return p, q, true
		}
	}
	if def == C11 && s.hb != nil {
		// A thread about to access x, and an earlier conflicting
		// access that does not happen before it.
		for _, p := range acc {
			ev, found := s.hb.racing(x, p.Thread, p.Write, p.Atomic)
			if found && cfa.MayRace(s.Threads[p.Thread].Template, s.Threads[ev.thread].Template, x) {
				return Access{Thread: ev.thread, Edge: ev.edge, Write: ev.write, Atomic: ev.atomic}, p, true
			}
		}
	}
	return a, b, false
}
