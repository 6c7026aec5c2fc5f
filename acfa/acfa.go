// Package acfa owns abstract threads: abstract control-flow automata
// (ACFAs) whose locations are labelled with regions over global
// predicates and whose edges havoc sets of globals, the counter
// abstraction of how many context threads sit at each location (0..k or
// omega), CheckSim, the simulation preorder of the paper's section 3.4
// that discharges the "guarantee" half of the assume-guarantee loop,
// Summarize, which folds a thread's transient chains and, under the circ
// race definition, its atomic sections into single moves before other
// threads use it as their context, and DOT, the Graphviz view of an
// ACFA that circ acfa prints.
//
// Regions are kept abstract here: a Label is any value with an
// implication test, so that acfa does not depend on how predicate
// abstraction represents them.
package acfa

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Label is a location's data region over global predicates.
type Label interface {
	// Implies reports whether every state of the receiver satisfies o.
	// It may answer false when unsure (CheckSim then fails, which is
	// sound).
	Implies(o Label) bool
	// Key is canonical: equal regions have equal keys.
	Key() string
	String() string
}

// Action is what an ACFA edge does, as seen by other threads.
type Action struct {
	// Havoc is the sorted set of globals the move may write.
	Havoc []string
	// Creates lists the templates (by index) whose instances the move
	// creates; Joins lists those whose exited instance it waits for.
	Creates, Joins []int
	// Args are the constant arguments the move passes to the threads it
	// creates; AnyArg says some argument is not a known constant.
	Args   []int64
	AnyArg bool
	// Guard over-approximates the global states from which the move is
	// taken (nil: any). Havoc sets forget the pre-state, so without it a
	// context lock could be acquired while the main thread holds it.
	// Guards are not part of Key: bisimulation merges edges regardless
	// of them, and merged edges take the disjunction of their guards.
	Guard Label
	// Post over-approximates the global states the move produces (nil:
	// any). The target location's label also holds the states other
	// threads make later, so it cannot tell turn := 0 from a later
	// turn := 1 by someone else; Post can.
	Post Label
	// Atomic: the move summarizes an atomic section (Summarize), so
	// every write in Havoc happens while the thread runs alone and none
	// races under the circ definition. Set only when Havoc is not empty.
	Atomic bool
	// AwaitsNoHandler: the move is taken only while no other thread is
	// at a Handler location (it contains a cfa.AwaitNoHandler step).
	AwaitsNoHandler bool
}

// Silent reports whether the action is invisible to other threads.
func (a Action) Silent() bool {
	return len(a.Havoc) == 0 && len(a.Creates) == 0 && len(a.Joins) == 0 && !a.AwaitsNoHandler
}

// Key is a canonical string for the action.
func (a Action) Key() string {
	k := fmt.Sprintf("%s|%v|%v", strings.Join(a.Havoc, ","), a.Creates, a.Joins)
	if a.Atomic {
		k += "|atomic"
	}
	if a.AwaitsNoHandler {
		k += "|await"
	}
	return k
}

// Covers reports whether a can do everything b does: b's havoc set is a
// subset of a's, the creations and joins are the same, and b's writes
// are atomic if a's are (an atomic write cannot stand for a racing one),
// and a waits for handlers only if b does.
func (a Action) Covers(b Action) bool {
	guard := covers(a.Guard, b.Guard) && covers(a.Post, b.Post)
	args := a.AnyArg || (!b.AnyArg && subsetInt64s(b.Args, a.Args))
	atomic := !a.Atomic || b.Atomic || len(b.Havoc) == 0
	await := !a.AwaitsNoHandler || b.AwaitsNoHandler
	return guard && args && atomic && await && subset(b.Havoc, a.Havoc) && equalInts(a.Creates, b.Creates) && equalInts(a.Joins, b.Joins)
}

func labelKey(l Label) string {
	if l == nil {
		return ""
	}
	return "[" + l.Key() + "]"
}

// covers reports whether every state of b is one of a (nil: all).
func covers(a, b Label) bool {
	return a == nil || (b != nil && b.Implies(a))
}

// orer is implemented by labels that can form disjunctions.
type orer interface{ Or(Label) Label }

// orGuards is the disjunction of two guards (nil: true).
func orGuards(a, b Label) Label {
	if a == nil || b == nil {
		return nil
	}
	if o, ok := a.(orer); ok {
		return o.Or(b)
	}
	return nil
}

// Union merges two actions (used when two CFA moves connect the same pair
// of ARG nodes).
func (a Action) Union(b Action) Action {
	return Action{
		Havoc:   unionStrings(a.Havoc, b.Havoc),
		Creates: unionInts(a.Creates, b.Creates),
		Joins:   unionInts(a.Joins, b.Joins),
		Guard:   orGuards(a.Guard, b.Guard),
		Post:    orGuards(a.Post, b.Post),
		Args:    unionInt64s(a.Args, b.Args),
		AnyArg:  a.AnyArg || b.AnyArg,
		Atomic:  (a.Atomic || len(a.Havoc) == 0) && (b.Atomic || len(b.Havoc) == 0) && len(a.Havoc)+len(b.Havoc) > 0,
		// The union can be taken where either can.
		AwaitsNoHandler: a.AwaitsNoHandler && b.AwaitsNoHandler,
	}
}

// Clone copies the action's slices.
func (a Action) Clone() Action {
	a.Havoc = slices.Clone(a.Havoc)
	a.Creates = slices.Clone(a.Creates)
	a.Joins = slices.Clone(a.Joins)
	a.Args = slices.Clone(a.Args)
	return a
}

func (a Action) String() string {
	parts := a.effects(func(t int) string { return fmt.Sprintf("#%d", t) })
	if a.Guard != nil {
		parts = append(parts, "when ["+a.Guard.String()+"]")
	}
	return strings.Join(parts, " ")
}

// effects lists what the action does (havocs, creates and joins with
// templates named by name, or skip) and its atomic and handler flags.
func (a Action) effects(name func(template int) string) []string {
	var parts []string
	if len(a.Havoc) > 0 {
		parts = append(parts, "havoc{"+strings.Join(a.Havoc, ",")+"}")
	}
	for _, c := range a.Creates {
		parts = append(parts, "create"+name(c))
	}
	for _, j := range a.Joins {
		parts = append(parts, "join"+name(j))
	}
	if len(parts) == 0 {
		parts = append(parts, "skip")
	}
	if a.Atomic {
		parts = append(parts, "(atomic)")
	}
	if a.AwaitsNoHandler {
		parts = append(parts, "(awaits no handler)")
	}
	return parts
}

// Edge is an ACFA edge.
type Edge struct {
	From, To int
	Action
}

// Loc is an ACFA location.
type Loc struct {
	Label  Label
	Atomic bool
	// Transient: a thread here runs before anyone else moves, as in an
	// atomic section, but races as usual. predabs marks so the locations
	// inside a chain of local steps (see predabs.transientLocs).
	Transient bool
	// Final: the thread has exited (no out-edges); joins wait for it.
	Final bool
	// Handler: the thread is in an interrupt handler (cfa.Location's
	// Handler); moves that await no handler wait while it is here.
	Handler bool
	// Regions has the bit of each region count (cfa.RegionCount) whose
	// region holds every thread state of the location.
	Regions uint64
}

// ACFA is an abstract thread of one template.
type ACFA struct {
	Template int
	Locs     []Loc
	Entry    int
	Edges    []Edge
	Out      [][]int // Out[l]: indexes into Edges
}

// Empty is the ACFA of a context that does nothing: no locations. Its
// counters are all zero, so it never moves.
func Empty(template int) *ACFA { return &ACFA{Template: template, Entry: -1} }

// IsEmpty reports whether a has no locations.
func (a *ACFA) IsEmpty() bool { return len(a.Locs) == 0 }

// AddLoc adds a location and returns its index.
func (a *ACFA) AddLoc(l Loc) int {
	a.Locs = append(a.Locs, l)
	a.Out = append(a.Out, nil)
	return len(a.Locs) - 1
}

// AddEdge adds from -act-> to, merging with an existing edge between the
// same locations with the same creations, joins, atomicity and waiting
// for handlers. Folded
// atomic sections (Atomic) merge only with equal guard and post: a
// section's effect depends on the state it starts from (a ticket
// counter's next value), which merged guards and posts would forget.
func (a *ACFA) AddEdge(from, to int, act Action) {
	for _, i := range a.Out[from] {
		e := &a.Edges[i]
		if e.To == to && equalInts(e.Creates, act.Creates) && equalInts(e.Joins, act.Joins) && e.Atomic == act.Atomic &&
			e.AwaitsNoHandler == act.AwaitsNoHandler &&
			(!act.Atomic || (labelKey(e.Guard) == labelKey(act.Guard) && labelKey(e.Post) == labelKey(act.Post))) {
			e.Havoc = unionStrings(e.Havoc, act.Havoc)
			e.Guard = orGuards(e.Guard, act.Guard)
			e.Post = orGuards(e.Post, act.Post)
			e.Args = unionInt64s(e.Args, act.Args)
			e.AnyArg = e.AnyArg || act.AnyArg
			return
		}
	}
	a.Edges = append(a.Edges, Edge{From: from, To: to, Action: act})
	a.Out[from] = append(a.Out[from], len(a.Edges)-1)
}

// Writes reports whether location l has an out-edge havocking x.
func (a *ACFA) Writes(l int, x string) bool {
	for _, i := range a.Out[l] {
		for _, h := range a.Edges[i].Havoc {
			if h == x {
				return true
			}
		}
	}
	return false
}

func (a *ACFA) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "acfa of template %d: %d locations, entry %d\n", a.Template, len(a.Locs), a.Entry)
	for i, l := range a.Locs {
		mark := ""
		if l.Atomic {
			mark += " atomic"
		}
		if l.Final {
			mark += " final"
		}
		if l.Transient {
			mark += " transient"
		}
		if l.Handler {
			mark += " handler"
		}
		fmt.Fprintf(&b, "  %d%s [%s]\n", i, mark, l.Label)
		for _, ei := range a.Out[i] {
			e := a.Edges[ei]
			fmt.Fprintf(&b, "    -> %d %s\n", e.To, e.Action)
		}
	}
	return b.String()
}

// CheckSim reports whether g is simulated by a (g ⪯ a, paper section
// 3.4): the largest relation R with (n, q) in R only if n's label implies
// q's, both agree on atomic, transient, handler and final, and every edge n -Y-> n' is matched
// by some q -Y'-> q' with Y ⊆ Y' and (n', q') in R; and g's entry is
// related to a's. An empty g is simulated by anything; nothing non-empty
// is simulated by an empty a.
func CheckSim(g, a *ACFA) bool {
	if g.IsEmpty() {
		return true
	}
	if a.IsEmpty() {
		return false
	}
	// rel[n][q]: candidate pairs, refined to the greatest fixpoint.
	rel := make([][]bool, len(g.Locs))
	for n, gl := range g.Locs {
		rel[n] = make([]bool, len(a.Locs))
		for q, al := range a.Locs {
			// A location the context counts in a region
			// (Loc.Regions) may stand only for ones in it.
			rel[n][q] = gl.Atomic == al.Atomic && gl.Final == al.Final && gl.Transient == al.Transient && gl.Handler == al.Handler &&
				al.Regions&^gl.Regions == 0 && gl.Label.Implies(al.Label)
		}
	}
	for changed := true; changed; {
		changed = false
		for n := range g.Locs {
			for q := range a.Locs {
				if rel[n][q] && !matchesAll(g, a, n, q, rel) {
					rel[n][q], changed = false, true
				}
			}
		}
	}
	return rel[g.Entry][a.Entry]
}

func matchesAll(g, a *ACFA, n, q int, rel [][]bool) bool {
	for _, gi := range g.Out[n] {
		ge := g.Edges[gi]
		found := false
		for _, ai := range a.Out[q] {
			ae := a.Edges[ai]
			if rel[ge.To][ae.To] && ae.Covers(ge.Action) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func subset(a, b []string) bool {
	set := map[string]bool{}
	for _, x := range b {
		set[x] = true
	}
	for _, x := range a {
		if !set[x] {
			return false
		}
	}
	return true
}

func unionStrings(a, b []string) []string {
	set := map[string]bool{}
	for _, x := range a {
		set[x] = true
	}
	for _, x := range b {
		set[x] = true
	}
	out := make([]string, 0, len(set))
	for x := range set {
		out = append(out, x)
	}
	sort.Strings(out)
	return out
}

func unionInts(a, b []int) []int {
	set := map[int]bool{}
	for _, x := range a {
		set[x] = true
	}
	for _, x := range b {
		set[x] = true
	}
	out := make([]int, 0, len(set))
	for x := range set {
		out = append(out, x)
	}
	sort.Ints(out)
	return out
}

func unionInt64s(a, b []int64) []int64 {
	out := append(append([]int64(nil), a...), b...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return slices.Compact(out)
}

func subsetInt64s(a, b []int64) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
