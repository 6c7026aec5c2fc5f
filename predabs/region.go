// Package predabs owns predicate abstraction for one thread in a context:
// predicates, regions (exact boolean combinations of predicates, kept as
// sets of minterms so that disjunction is never lost), the abstract post
// Abs.P(sp) for thread edges and for context havoc edges, and
// ReachAndBuild (the paper's Algorithms 1-4), which explores the abstract
// multithreaded program ((C, P), (A, k)), detects abstract races and
// builds the abstract reachability graph (ARG), crossing chains of local
// steps (transient locations) and, under the circ race definition, atomic
// sections in single steps. With Setup.Exact it runs the context with at
// most k threads per template and no omega (omega-CIRC's ReachAndBuild^k).
// It stops at, or records in the ARG, the undefined-behaviour edges the
// thread can take (Setup.RefineUB, ARG.Undefined). Canonical, Eliminate
// and Generalize shape the predicates refinement adds.
package predabs

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"circ/acfa"
	"circ/cfa"
)

// Pred is a predicate: a truth-valued expression over globals and the
// locals of at most one template.
type Pred struct {
	E cfa.Expr
	// Template is the template whose locals E mentions, or -1.
	Template int
}

func (p Pred) String() string { return p.E.String() }

// Preds is the ordered predicate set of one analysis: the global
// predicates first (bits 0..NumGlobal-1), then the local ones.
type Preds struct {
	List      []Pred
	NumGlobal int
}

// For returns the predicates relevant when template t is the main thread.
func For(all []Pred, t int) *Preds {
	ps := &Preds{}
	for _, p := range all {
		if p.Template < 0 {
			ps.List = append(ps.List, p)
		}
	}
	ps.NumGlobal = len(ps.List)
	for _, p := range all {
		if p.Template == t {
			ps.List = append(ps.List, p)
		}
	}
	return ps
}

// GlobalMask selects the bits of global predicates.
func (ps *Preds) GlobalMask() uint64 {
	if ps.NumGlobal == 64 {
		return ^uint64(0)
	}
	return 1<<ps.NumGlobal - 1
}

// fullMask selects the bits of all predicates.
func (ps *Preds) fullMask() uint64 {
	if len(ps.List) == 64 {
		return ^uint64(0)
	}
	return 1<<len(ps.List) - 1
}

// Region is a set of minterms over a predicate list: the disjunction of
// the conjunctions they stand for. It is kept sorted and duplicate-free,
// so equal regions are equal slices.
type Region struct {
	M     []uint64
	preds *Preds
	// global: the minterms range over global predicates only.
	global bool
}

// NewRegion makes a canonical region.
func NewRegion(ps *Preds, global bool, ms []uint64) Region {
	ms = append([]uint64(nil), ms...)
	sort.Slice(ms, func(i, j int) bool { return ms[i] < ms[j] })
	out := ms[:0]
	for i, m := range ms {
		if i == 0 || m != ms[i-1] {
			out = append(out, m)
		}
	}
	return Region{M: out, preds: ps, global: global}
}

// Union is r ∨ o.
func (r Region) Union(o Region) Region {
	return NewRegion(r.preds, r.global, append(append([]uint64(nil), r.M...), o.M...))
}

// Or is the disjunction of two regions over the same predicates.
func (r Region) Or(o acfa.Label) acfa.Label {
	or, ok := o.(Region)
	if !ok {
		return nil
	}
	return r.Union(or)
}

// Project existentially quantifies the local predicates away (the paper
// replaces them by "unknown").
func (r Region) Project() Region {
	mask := r.preds.GlobalMask()
	ms := make([]uint64, len(r.M))
	for i, m := range r.M {
		ms[i] = m & mask
	}
	return NewRegion(r.preds, true, ms)
}

// Implies is set inclusion of minterms: sound, since every minterm of a
// region produced by abstraction is consistent.
func (r Region) Implies(o acfa.Label) bool {
	or, ok := o.(Region)
	if !ok {
		return false
	}
	i := 0
	for _, m := range r.M {
		for i < len(or.M) && or.M[i] < m {
			i++
		}
		if i == len(or.M) || or.M[i] != m {
			return false
		}
	}
	return true
}

// Has reports whether minterm m is in r.
func (r Region) Has(m uint64) bool {
	_, ok := slices.BinarySearch(r.M, m)
	return ok
}

// Key is canonical.
func (r Region) Key() string { return fmt.Sprint(r.M) }

// String prints the region as a disjunction of predicate conjunctions.
func (r Region) String() string {
	if len(r.M) == 0 {
		return "false"
	}
	n := len(r.preds.List)
	if r.global {
		n = r.preds.NumGlobal
	}
	if n == 0 {
		return "true"
	}
	if len(r.M) == 1<<n {
		return "true"
	}
	var ds []string
	for _, m := range r.M {
		var cs []string
		for i := 0; i < n; i++ {
			if m&(1<<i) != 0 {
				cs = append(cs, r.preds.List[i].String())
			} else {
				cs = append(cs, "!("+r.preds.List[i].String()+")")
			}
		}
		ds = append(ds, strings.Join(cs, " && "))
	}
	return strings.Join(ds, " || ")
}
