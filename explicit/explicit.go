// Package explicit owns circ's exhaustive bounded explicit-state engine: a
// breadth-first search over all interleavings of the concrete semantics of
// package interp, with state hashing, a bound on the instances of each
// unbounded thread template and a finite range for unbounded
// nondeterministic values. The bound deepens: searches with 1, 2, ... up
// to Options.Threads instances run in turn, so that a race that few
// threads show is found before the state space of more threads exhausts
// the budget. It finds shortest race traces (each replayed by
// interp.Replay before it is reported) and says safe only when the search
// covered every behaviour of the program: all states explored, no thread
// bound hit, every nondeterministic choice enumerated exhaustively, no
// budget or timeout, no runtime error. Otherwise the verdict is unknown
// with the precise reason. A run that reaches undefined behaviour
// (cfa.Edge.Undefined) stops there, as in every engine, and each site
// reached is a finding with its replayed trace (interp.ReplayUndefined).
package explicit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"circ/cfa"
	"circ/interp"
	"circ/report"
)

// Options bound the search. Zero values select the defaults.
type Options struct {
	RaceDef interp.RaceDef
	// Threads is the maximum number of instances of each unbounded
	// template (default 3). Bounded templates run their exact count.
	Threads int
	// NondetLo..NondetHi is the range enumerated for havocs whose own
	// range is unbounded or wider (default -2..2; both zero selects the
	// default).
	NondetLo, NondetHi int64
	// NondetExtra are values tried besides NondetLo..NondetHi at every
	// havoc whose range holds them (a trace's values, to search for it).
	NondetExtra []int64
	// MaxStates is the state budget (default 2,000,000).
	MaxStates int
	// MaxDepth bounds the length of explored interleavings (0: none).
	MaxDepth int
}

// Defaults of Options.
const (
	DefaultThreads   = 3
	DefaultNondetLo  = -2
	DefaultNondetHi  = 2
	DefaultMaxStates = 2_000_000
)

func (o *Options) fill() {
	if o.Threads <= 0 {
		o.Threads = DefaultThreads
	}
	if o.NondetLo == 0 && o.NondetHi == 0 {
		o.NondetLo, o.NondetHi = DefaultNondetLo, DefaultNondetHi
	}
	if o.MaxStates <= 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.MaxStates > math.MaxInt32 {
		o.MaxStates = math.MaxInt32 // nodes are numbered with int32
	}
}

// node is a discovered state: how it was reached.
type node struct {
	parent int32
	depth  int32
	step   interp.Step
}

// search is the state of one breadth-first exploration.
type search struct {
	p    *cfa.Program
	vars []*cfa.Var
	opts Options

	nodes   []node
	states  []*interp.State // states[i] until node i is expanded
	visited map[string]int32
	found   []int32 // per var: the first race node, or -1
	nfound  int

	maxDepth   int
	boundHit   map[string]bool // unbounded templates whose bound was hit
	nonExhaust map[string]bool // positions of havocs not enumerated exhaustively
	runtimeErr string          // the first runtime error met
	depthHit   bool
	budgetHit  bool
	timedOut   bool
	keyBuf     []byte
	deadHavoc  map[*cfa.Edge]bool // havocs whose value is never read
	// instances are the variables choosing a summary's tracked instance.
	instances map[*cfa.Var]bool
	// undefined holds, for each undefined-behaviour edge taken, the
	// first node it was taken from and the step; the run stops there,
	// as in every engine, and the edge is a finding.
	undefined map[*cfa.Edge]undefinedHit
	ubOrder   []*cfa.Edge
}

type undefinedHit struct {
	from int32
	step interp.Step
}

// maxInstanceChoices bounds the range of a summary's tracked instance
// the search enumerates whole (an array summary's length).
const maxInstanceChoices = 64

// Check explores p and returns one Result per variable of vars (Data
// globals of p), in order.
func Check(ctx context.Context, p *cfa.Program, vars []*cfa.Var, opts Options) []report.Result {
	res, _ := Run(ctx, p, vars, opts)
	return res
}

// Run is Check that also returns, per variable, the raw interleaving of a
// race result (nil for other verdicts), for callers that replay it
// themselves.
//
// With unboundedly created templates, Run searches with 1, 2, ...,
// opts.Threads instances of each in turn: a race is reported from the
// first search that finds it (fewest threads), the other variables take
// the verdict of the last search. The searches with fewer instances than
// opts.Threads get a 1/opts.Threads share of the state budget each (few
// threads can have infinitely many states too), the last one the whole
// budget. Searches stop early once the instance bound is no longer hit
// (more threads would change nothing).
func Run(ctx context.Context, p *cfa.Program, vars []*cfa.Var, opts Options) ([]report.Result, []interp.Trace) {
	start := time.Now()
	opts.fill()
	dead := deadHavocs(ctx, p)
	unbounded := false
	for _, c := range p.Templates {
		unbounded = unbounded || c.Mult.Unbounded
	}
	if !unbounded {
		s := newSearch(p, vars, opts, dead)
		s.run(ctx)
		return s.results(time.Since(start).Seconds())
	}
	out := make([]report.Result, len(vars))
	traces := make([]interp.Trace, len(vars))
	pending := make([]int, len(vars)) // indexes of undecided vars
	for i := range pending {
		pending[i] = i
	}
	states := 0
	for n := 1; n <= opts.Threads && len(pending) > 0; n++ {
		o := opts
		o.Threads = n
		if n < opts.Threads {
			o.MaxStates = max(opts.MaxStates/opts.Threads, 1)
		}
		sub := make([]*cfa.Var, len(pending))
		for k, i := range pending {
			sub[k] = vars[i]
		}
		s := newSearch(p, sub, o, dead)
		s.run(ctx)
		states += len(s.nodes)
		res, tr := s.results(time.Since(start).Seconds())
		last := n == opts.Threads || s.timedOut || (len(s.boundHit) == 0 && !s.budgetHit && !s.depthHit)
		var still []int
		for k, i := range pending {
			if res[k].Verdict == report.Race || last {
				out[i], traces[i] = res[k], tr[k]
				out[i].States = states
				continue
			}
			still = append(still, i)
		}
		pending = still
		if last {
			break
		}
	}
	return out, traces
}

func newSearch(p *cfa.Program, vars []*cfa.Var, opts Options, deadHavoc map[*cfa.Edge]bool) *search {
	s := &search{
		p: p, vars: vars, opts: opts,
		visited:    map[string]int32{},
		found:      make([]int32, len(vars)),
		boundHit:   map[string]bool{},
		nonExhaust: map[string]bool{},
		deadHavoc:  deadHavoc,
		instances:  p.Memory.Instances(),
		undefined:  map[*cfa.Edge]undefinedHit{},
	}
	for i := range s.found {
		s.found[i] = -1
	}
	return s
}

// add records state st reached from parent by step; it reports false when
// the state was already known.
func (s *search) add(st *interp.State, parent int32, step interp.Step, depth int32) bool {
	s.keyBuf = st.AppendKey(s.keyBuf[:0])
	if _, ok := s.visited[string(s.keyBuf)]; ok {
		return false
	}
	id := int32(len(s.nodes))
	s.visited[string(s.keyBuf)] = id
	s.nodes = append(s.nodes, node{parent: parent, depth: depth, step: step})
	s.states = append(s.states, st)
	if int(depth) > s.maxDepth {
		s.maxDepth = int(depth)
	}
	for i, v := range s.vars {
		if s.found[i] < 0 {
			if _, _, ok := interp.RaceOn(st, v, s.opts.RaceDef); ok {
				s.found[i] = id
				s.nfound++
			}
		}
	}
	return true
}

func (s *search) run(ctx context.Context) {
	s.add(interp.InitialFor(s.p, s.opts.RaceDef), -1, interp.Step{}, 0)
	for next := 0; next < len(s.nodes); next++ {
		if s.nfound == len(s.vars) {
			return
		}
		if next&255 == 0 && ctx.Err() != nil {
			s.timedOut = true
			return
		}
		st := s.states[next]
		s.states[next] = nil // expanded states are rebuilt from traces
		depth := s.nodes[next].depth
		moves, errs := st.Moves()
		if len(errs) > 0 && s.runtimeErr == "" {
			s.runtimeErr = errs[0].Error()
		}
		if s.opts.MaxDepth > 0 && int(depth) >= s.opts.MaxDepth {
			if len(moves) > 0 {
				s.depthHit = true
			}
			continue
		}
		for _, m := range moves {
			vals := []int64{0}
			switch m.Edge.Kind {
			case cfa.Create:
				if c := m.Edge.Template; c.Mult.Unbounded && st.Instances(c) >= s.opts.Threads {
					s.boundHit[c.Name] = true
					continue
				}
			case cfa.Havoc:
				vals = s.havocValues(m)
			}
			for _, v := range vals {
				n, err := st.Next(m, v)
				if err != nil {
					if s.runtimeErr == "" {
						s.runtimeErr = (&interp.RuntimeError{Thread: st.Threads[m.Thread].Name(), Edge: m.Edge, Err: err}).Error()
					}
					continue
				}
				step := interp.Step{Thread: m.Thread, Edge: m.Edge, Value: v}
				if _, ok := s.undefined[m.Edge]; m.Edge.Undefined && !ok {
					s.undefined[m.Edge] = undefinedHit{int32(next), step}
					s.ubOrder = append(s.ubOrder, m.Edge)
				}
				if s.add(n, int32(next), step, depth+1) {
					if len(s.nodes) >= s.opts.MaxStates {
						s.budgetHit = true
						return
					}
				}
			}
		}
	}
}

// havocValues are the values the search tries for havoc m: those of
// NondetLo..NondetHi and NondetExtra within m's range, or one value in
// range if m's value is never read.
func (s *search) havocValues(m interp.Move) []int64 {
	inRange := func(v int64) bool { return (!m.HasLo || v >= m.Lo) && (!m.HasHi || v <= m.Hi) }
	if s.deadHavoc[m.Edge] {
		// The value is overwritten before any read: one value in range
		// stands for all, the one nearest 0 (a trace reads better).
		switch {
		case m.HasLo && m.Lo > 0:
			return []int64{m.Lo}
		case m.HasHi && m.Hi < 0:
			return []int64{m.Hi}
		}
		return []int64{0}
	}
	if s.instances[m.Edge.LHS] && m.HasLo && m.HasHi && m.Hi-m.Lo < maxInstanceChoices {
		// Which element of an array summary circ tracks: every one,
		// so that each element's thread is tracked in some run.
		var vals []int64
		for v := m.Lo; v <= m.Hi; v++ {
			vals = append(vals, v)
		}
		return vals
	}
	if !m.HasLo || !m.HasHi || m.Lo < s.opts.NondetLo || m.Hi > s.opts.NondetHi {
		s.nonExhaust[m.Edge.Pos.String()] = true
	}
	var vals []int64
	for v := s.opts.NondetLo; v <= s.opts.NondetHi; v++ {
		if inRange(v) {
			vals = append(vals, v)
		}
	}
	for _, v := range s.opts.NondetExtra {
		if inRange(v) && (v < s.opts.NondetLo || v > s.opts.NondetHi) && !slices.Contains(vals, v) {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		// The window misses m's range: try its nearest bound.
		if m.HasLo && m.Lo > s.opts.NondetHi {
			return []int64{m.Lo}
		}
		return []int64{m.Hi}
	}
	// Smallest magnitude first: of the runs of one length, the
	// breadth-first search reports the first found, and a trace with
	// 0, 1, -1, ... reads better (the same order refine's traces take).
	slices.SortStableFunc(vals, func(a, b int64) int {
		return cmp.Or(cmp.Compare(abs(a), abs(b)), cmp.Compare(b, a))
	})
	return vals
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// trace rebuilds the steps leading to node id.
func (s *search) trace(id int32) interp.Trace {
	var tr interp.Trace
	for ; id > 0; id = s.nodes[id].parent {
		tr = append(tr, s.nodes[id].step)
	}
	for i, j := 0, len(tr)-1; i < j; i, j = i+1, j-1 {
		tr[i], tr[j] = tr[j], tr[i]
	}
	return tr
}

// findings are the undefined behaviour the search met, each with its
// replayed trace.
func (s *search) findings() []report.Finding {
	var fs []report.Finding
	for _, e := range s.ubOrder {
		hit := s.undefined[e]
		f := report.FindingOf(e)
		raw := interp.CompleteJoins(s.p, append(s.trace(hit.from), hit.step))
		if tr, err := interp.ReplayUndefined(s.p, raw); err == nil {
			f.Reached, f.Trace = true, tr
		}
		fs = append(fs, f)
	}
	return fs
}

func (s *search) results(secs float64) ([]report.Result, []interp.Trace) {
	out := make([]report.Result, len(s.vars))
	traces := make([]interp.Trace, len(s.vars))
	incomplete := s.incompleteness()
	undefined := s.findings()
	for i, v := range s.vars {
		name := "<nil>"
		if v != nil {
			name = v.SourceName() // as the other engines name it (nesC's BlinkC.counter)
		}
		r := report.Result{
			Variable: name, Engine: "explicit", RaceDef: s.opts.RaceDef.String(),
			States: len(s.nodes), Depth: s.maxDepth, Seconds: secs, Undefined: undefined,
		}
		switch {
		case !v.Racy() || v.Index >= len(s.p.Globals) || s.p.Globals[v.Index] != v:
			r.Verdict = report.Unknown
			r.Reason = fmt.Sprintf("%v is not a data or thread-handle global of the program", v)
		case s.found[i] >= 0:
			raw := interp.CompleteJoins(s.p, s.trace(s.found[i]))
			tr, err := interp.Replay(s.p, v, s.opts.RaceDef, raw)
			var untracked *interp.UntrackedError
			switch {
			case errors.As(err, &untracked):
				r.Verdict = report.Unknown
				r.Reason = "the race trace found is no evidence: " + err.Error()
			case err != nil:
				r.Verdict = report.Unknown
				r.Reason = "internal error: the race trace found by the explicit engine does not replay: " + err.Error()
			}
			if err != nil {
				break
			}
			r.Verdict, r.Trace, traces[i] = report.Race, tr, raw
		case incomplete == "":
			r.Verdict = report.Safe
			r.Reason = fmt.Sprintf("all %d reachable states explored: every thread creation and nondeterministic choice covered", len(s.nodes))
		default:
			r.Verdict = report.Unknown
			r.Reason = incomplete
		}
		out[i] = r
	}
	return out, traces
}

// incompleteness says why a search without a race does not prove safety,
// or "" when it does.
func (s *search) incompleteness() string {
	var why []string
	switch {
	case s.timedOut:
		why = append(why, fmt.Sprintf("timeout after %d states", len(s.nodes)))
	case s.budgetHit:
		why = append(why, fmt.Sprintf("state budget of %d states exhausted", s.opts.MaxStates))
	}
	if s.runtimeErr != "" {
		why = append(why, s.runtimeErr)
	}
	if len(why) == 0 && !s.depthHit && len(s.boundHit) == 0 && len(s.nonExhaust) == 0 {
		return ""
	}
	msg := "no race"
	if len(s.boundHit) > 0 {
		msg += fmt.Sprintf(" with up to %d instances of %s", s.opts.Threads, strings.Join(sorted(s.boundHit), ", "))
	}
	if s.depthHit || s.timedOut || s.budgetHit {
		msg += fmt.Sprintf(" up to depth %d", s.maxDepth)
	}
	if len(s.nonExhaust) > 0 {
		msg += fmt.Sprintf(" (nondeterministic values limited to %d..%d at %s)", s.opts.NondetLo, s.opts.NondetHi, strings.Join(sorted(s.nonExhaust), ", "))
	}
	if s.depthHit {
		why = append(why, fmt.Sprintf("depth bound %d reached", s.opts.MaxDepth))
	}
	return strings.Join(append(why, msg), "; ")
}

func sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
