// Package driver owns the CIRC loop (the paper's Algorithm 5),
// generalized to programs with several thread templates: each template in
// turn is the main thread in a context of one ACFA per template; the
// inner loop weakens the context (ReachAndBuild, CheckSim, Collapse)
// until the assume-guarantee fixpoint holds for every template, and the
// outer loop refines predicates or the counter bound k from abstract race
// traces until the proof or a replayed concrete race (unknown when a
// budget, the timeout or refinement runs out). By default the rounds run
// with at most k threads per template and no omega until their fixpoint,
// which one round with omega counters must then confirm (omega-CIRC,
// section 5); Options.Plain runs every round with omega counters. It also
// decides, once per program, which undefined-behaviour sites a run can
// reach (CheckUndefined, the same loop with no variable to check), and
// settles the sites each variable's check met (SettleUndefined).
package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"circ/acfa"
	"circ/bisim"
	"circ/cfa"
	"circ/interp"
	"circ/predabs"
	"circ/refine"
	"circ/report"
	"circ/slice"
	"circ/smt"
)

// Options configure one check.
type Options struct {
	RaceDef interp.RaceDef
	// K is the initial counter bound (default 1); MaxK bounds its
	// growth (default 8).
	K, MaxK int
	// MaxIterations bounds the inner rounds in all (default 200).
	MaxIterations int
	// MaxStates bounds each ReachAndBuild (default 200000).
	MaxStates int
	// Progress receives one line per round (nil: quiet).
	Progress io.Writer
	// Preds are initial predicates.
	Preds []predabs.Pred
	// Trace receives every ACFA after each round (nil: none).
	Trace io.Writer
	// Plain runs every round with omega counters (the paper's CIRC).
	// By default the rounds run with at most k threads per template and
	// no omega until their fixpoint, which one round with omega counters
	// must then confirm (omega-CIRC, paper section 5).
	Plain bool
	// ACFAs asks for the final context ACFAs in the result
	// (report.Result.ACFAs).
	ACFAs bool
	// CollectUB: the rounds never stop at undefined behaviour to
	// refine it; each site an ARG reaches is a finding without a trace.
	// For callers that decide undefined behaviour once for the whole
	// program (CheckUndefined) and filter the findings with it.
	CollectUB bool
	// Slicer, when set, is p's slicer: a location is checked first on
	// its slice when that is much smaller (onSlice).
	Slicer *slice.Slicer
	// Posts, when it is for the program checked (PostCache.Of), keeps
	// abstract posts for the next check of a location of it: a worker
	// checks one location after another on the same program. A check
	// on another program (its slice, the program split by ownership)
	// keeps its own.
	Posts *predabs.PostCache
	// Reached lists undefined-behaviour sites that a replayed run
	// already reaches (the race hunt's findings). CheckUndefined settles
	// them at once: refining a trace into one could only fail, after
	// maxUBRounds refinements.
	Reached []report.Finding
	// split: the program is already split by ownership (onOwnership).
	split bool
}

func (o *Options) defaults() {
	if o.K <= 0 {
		// k = 0 would make every occupied atomic location omega.
		o.K = 1
	}
	if o.MaxK <= 0 {
		o.MaxK = 8
	}
	if o.MaxIterations <= 0 {
		o.MaxIterations = 200
	}
	if o.MaxStates <= 0 {
		o.MaxStates = 200000
	}
}

// Check decides races on x with a fresh solver (one per goroutine).
func Check(ctx context.Context, p *cfa.Program, x *cfa.Var, opts Options) report.Result {
	res, _ := Run(ctx, p, x, opts)
	return res
}

// Run is Check that also returns the raw interleaving of a race result
// (nil for other verdicts), for callers that replay it themselves.
func Run(ctx context.Context, p *cfa.Program, x *cfa.Var, opts Options) (report.Result, interp.Trace) {
	return NewWorker(p).Run(ctx, x, opts)
}

// Undefined is what CheckUndefined decides of a program's undefined
// behaviour.
type Undefined struct {
	// Findings are the sites a run may reach: with a replayed trace, or
	// without one where refinement could neither find a run nor rule
	// one out.
	Findings []report.Finding
	// Proved: every other site is unreachable, for any number of
	// threads (the check reached its fixpoint).
	Proved bool
}

// CheckUndefined decides, once for the whole program, which
// undefined-behaviour sites a run reaches: the CIRC loop with no
// variable to check, whose rounds stop at each site they reach and
// refine it away, replay a run into it, or give up on it (findings
// without a trace). The per-variable checks then need not pay for it
// (Options.CollectUB).
func CheckUndefined(ctx context.Context, sv *smt.Solver, p *cfa.Program, opts Options) Undefined {
	res, _ := run(ctx, sv, p, nil, opts)
	ub := Undefined{Findings: res.Undefined, Proved: res.Verdict == report.Safe}
	if !ub.Proved {
		// Any site where the model of memory ends may be reached.
		listed := map[string]bool{}
		for _, f := range ub.Findings {
			listed[f.Site()] = true
		}
		for _, c := range p.Templates {
			for _, e := range c.Edges {
				if f := UndefinedFinding(e); e.Unmodelled && !listed[f.Site()] {
					listed[f.Site()] = true
					ub.Findings = append(ub.Findings, f)
				}
			}
		}
	}
	return ub
}

// SettleUndefined replaces the undefined behaviour each variable's check
// reached (findings without a trace) by what the program's check
// decided: a site it proved unreachable is dropped, one it reached by a
// replayed run comes with that run. A site where circ's model of memory
// ends that a run may reach is every result's: past it a run may
// write any cell of the object the arithmetic is in, so a check whose
// slice left the site out covers no more runs than one that met it.
func SettleUndefined(results []report.Result, ub Undefined) {
	decided := map[string]report.Finding{}
	for _, f := range ub.Findings {
		decided[f.Site()] = f
	}
	for i := range results {
		var keep []report.Finding
		met := map[string]bool{}
		for _, f := range results[i].Undefined {
			key := f.Site()
			if d, ok := decided[key]; ok {
				keep = append(keep, d)
				met[key] = true
			} else if !ub.Proved {
				keep = append(keep, f)
				met[key] = true
			}
		}
		for _, f := range ub.Findings {
			if f.Kind == report.UnmodelledMemory && !met[f.Site()] {
				keep = append(keep, f)
			}
		}
		results[i].Undefined = keep
	}
}

// HasUnmodelled reports whether p has a site where circ's model of
// memory ends (cfa.Edge.Unmodelled).
func HasUnmodelled(p *cfa.Program) bool {
	for _, c := range p.Templates {
		if slices.ContainsFunc(c.Edges, func(e *cfa.Edge) bool { return e.Unmodelled }) {
			return true
		}
	}
	return false
}

// HasUndefined reports whether p has an undefined-behaviour site.
func HasUndefined(p *cfa.Program) bool {
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Undefined {
				return true
			}
		}
	}
	return false
}

func run(ctx context.Context, sv *smt.Solver, p *cfa.Program, x *cfa.Var, opts Options) (res report.Result, raw interp.Trace) {
	opts.defaults()
	if res, ok := onSlice(ctx, sv, p, x, opts); ok {
		return res, nil
	}
	opts.Slicer = nil
	q := ownershipSplit(p, x, opts)
	if q == nil {
		return check(ctx, sv, p, x, opts)
	}
	// The split program's check comes last, with a quarter of the time:
	// most programs it applies to race, or are proved without it, and a
	// race is found on p itself, with p's threads in its trace.
	start := time.Now()
	pctx, cancel := withShare(ctx, 4.0/3)
	res, raw = check(pctx, sv, p, x, opts)
	cancel()
	if res.Verdict != report.Unknown || sv.Broken || ctx.Err() != nil {
		return res, raw
	}
	if res2, ok := onOwnership(ctx, sv, q, x, opts, start); ok {
		return res2, nil
	}
	return res, raw
}

// check is the paper's CIRC loop on p for x (nil: undefined behaviour
// only), with retries when it is stuck.
func check(ctx context.Context, sv *smt.Solver, p *cfa.Program, x *cfa.Var, opts Options) (res report.Result, raw interp.Trace) {
	start := time.Now()
	fresh := func() *checker {
		preds := append([]predabs.Pred(nil), opts.Preds...)
		for _, sd := range p.Seeds {
			preds = append(preds, predabs.Pred{E: sd.E, Template: sd.Template})
		}
		c := &checker{p: p, x: x, opts: opts, sv: sv, k: opts.K, preds: preds, decided: map[*cfa.Edge]bool{},
			ubRounds: map[string]int{}, ubPreds: map[string][]string{}, posts: opts.Posts}
		if !c.posts.Of(p) {
			c.posts = predabs.NewPostCache(p)
		}
		c.settleReached()
		return c
	}
	c := fresh()
	if ctx.Err() != nil {
		// Past the deadline: a check that would start now is
		// unknown at once, not after its first round.
		res = unknown("timeout")
		c.fill(&res, 0, start)
		return res, nil
	}
	q0, extra := sv.Queries, 0
	defer func() {
		if r := recover(); r != nil {
			sv.Broken = true
			res, raw = unknown("internal error: %s", strings.ReplaceAll(fmt.Sprint(r), "\n", " ")), nil
			if ctx.Err() != nil {
				res = unknown("timeout")
			}
		}
		c.fill(&res, sv.Queries-q0+extra, start)
	}()
	res = c.run(ctx)
	for try := 0; try < stuckRetries && c.stuck && ctx.Err() == nil; try++ {
		// Which abstract race the search meets first depends on the
		// order of Z3's answers, which depends on the terms Z3 holds
		// (the Go side frees them as it collects garbage): a search
		// stuck on a spurious race that no predicate removes (the
		// context cannot say which thread argument a creation
		// passed) gets more tries, each on a solver of its own. Every
		// verdict of either is checked as always.
		first := c.iterations
		c = fresh()
		c.iterations = first
		c.sv = smt.New(smt.QueryLimitMS)
		release := c.sv.Bind(ctx)
		if res2 := c.run(ctx); res2.Verdict != report.Unknown {
			res = res2
		}
		release()
		extra += c.sv.Queries
	}
	if res.Verdict == report.Race {
		raw = c.raw
	}
	return res, raw
}

// fill adds the variable's name and the statistics of the check to res.
func (c *checker) fill(res *report.Result, queries int, start time.Time) {
	res.Variable = c.name()
	if c.x != nil {
		res.Variable = c.x.SourceName()
	}
	res.Engine = "circ"
	res.RaceDef = c.opts.RaceDef.String()
	res.Iterations = c.iterations
	res.K = c.k
	res.SMTQueries = queries
	res.Predicates = nil
	for _, pr := range c.preds {
		res.Predicates = append(res.Predicates, pr.String())
	}
	res.ACFASize = nil
	for _, a := range c.acfas {
		res.ACFASize = append(res.ACFASize, len(a.Locs))
	}
	if c.opts.ACFAs {
		res.ACFAs = c.renderACFAs(res.Variable)
	}
	res.Seconds = time.Since(start).Seconds()
	res.Undefined = c.undefined
}

type checker struct {
	p          *cfa.Program
	x          *cfa.Var
	opts       Options
	sv         *smt.Solver
	k          int
	preds      []predabs.Pred
	iterations int
	// bounded: the rounds run ReachAndBuild^k (predabs.Setup.Exact).
	bounded bool
	acfas   []*acfa.ACFA
	// posts keeps abstract posts from round to round (and, through
	// Options.Posts, from one check of the program to the next).
	posts *predabs.PostCache
	raw   interp.Trace // the replayed interleaving of a race
	// stuck: the check ended with a spurious abstract race that
	// refinement could not remove.
	stuck bool
	// decided holds the undefined-behaviour edges whose reachability
	// the check settled (predabs.Setup.Decided), and undefined the
	// findings for those a run may reach.
	decided   map[*cfa.Edge]bool
	undefined []report.Finding
	// ubRounds counts the refinements spent on each undefined-behaviour
	// site (ubSite: the copies of an inlined function share theirs),
	// and ubPreds the predicates they added: the race proof must not
	// pay for them beyond maxUBRounds.
	ubRounds map[string]int
	ubPreds  map[string][]string
	ubTotal  int
}

// ubSite names the source site of undefined-behaviour edge e.
func ubSite(e *cfa.Edge) string { return e.Pos.String() + "\x00" + e.Note }

// decideSite settles every edge of e's site.
func (c *checker) decideSite(e *cfa.Edge) {
	site := ubSite(e)
	for _, t := range c.p.Templates {
		for _, o := range t.Edges {
			if o.Undefined && ubSite(o) == site {
				c.decided[o] = true
			}
		}
	}
}

// settleReached decides, for the program's check of undefined
// behaviour, each site that Options.Reached gives a replayed run to, as
// refineUndefined decides a site its own feasible trace reaches.
func (c *checker) settleReached() {
	if c.x != nil {
		return
	}
	for _, f := range c.opts.Reached {
		if !f.Reached {
			continue
		}
		for _, t := range c.p.Templates {
			for _, e := range t.Edges {
				if e.Undefined && !c.decided[e] && UndefinedFinding(e).Site() == f.Site() {
					c.decideSite(e)
					c.undefined = append(c.undefined, f)
				}
			}
		}
	}
}

// maxUBTotal bounds the refinements of traces into undefined behaviour
// one check spends in all: each restarts the rounds. Past it, or past
// maxUBPreds predicates, the rounds no longer stop at undefined
// behaviour, and each site an ARG reaches is a finding without a trace
// (refineUB).
const maxUBTotal = 6

// maxUBTotalAlone is maxUBTotal for CheckUndefined, whose whole job the
// refinements are.
const maxUBTotalAlone = 16

// refineUB reports whether the rounds stop at undefined behaviour to
// refine it (predabs.Setup.RefineUB).
func (c *checker) refineUB() bool {
	if c.x == nil {
		return c.ubTotal < maxUBTotalAlone
	}
	return !c.opts.CollectUB && c.ubTotal < maxUBTotal && len(c.preds) < maxUBPreds
}

// collectUB makes a finding without a trace of each undefined-behaviour
// site that an ARG of a round that did not stop there reaches.
func (c *checker) collectUB(graphs []*predabs.ARG) {
	for i, g := range graphs {
		for _, e := range g.Undefined(c.p.Templates[i], c.decided) {
			if !c.decided[e] {
				c.decideSite(e)
				c.undefined = append(c.undefined, UndefinedFinding(e))
			}
		}
	}
}

// UndefinedFinding is the finding of undefined-behaviour edge e, with no
// trace.
func UndefinedFinding(e *cfa.Edge) report.Finding {
	return report.FindingOf(e)
}

// stuckRetries bounds the tries on a solver of their own that a check
// stuck on a spurious race gets (see run).
const stuckRetries = 2

// maxUBRounds bounds the refinements that try to show an
// undefined-behaviour edge unreachable (bounds checks in loops over
// arrays of run-time length would unroll the loop); past it the edge is
// a finding without a trace, and its predicates are dropped.
const maxUBRounds = 3

// maxUBPreds bounds the predicates a check may hold after refining a
// trace into undefined behaviour: a refinement that goes past it is
// undone, and the edge is a finding without a trace. Races need the
// room (predabs holds at most 64 predicates per template).
const maxUBPreds = 40

func unknown(format string, args ...any) report.Result {
	return report.Result{Verdict: report.Unknown, Reason: fmt.Sprintf(format, args...)}
}

func (c *checker) run(ctx context.Context) report.Result {
	handles := handleTemplates(c.p)
	n := len(c.p.Templates)
outer:
	for {
		c.bounded = !c.opts.Plain
		// The strongest context: every ACFA empty.
		c.acfas = make([]*acfa.ACFA, n)
		for i := range c.acfas {
			c.acfas[i] = acfa.Empty(i)
		}
		var args []*predabs.ARG
		var mus [][]int
		for {
			c.iterations++
			if c.iterations > c.opts.MaxIterations {
				return unknown("no fixpoint within %d iterations", c.opts.MaxIterations)
			}
			graphs := make([]*predabs.ARG, n)
			for i := 0; i < n; i++ {
				if m := c.p.Templates[i].Mult; !m.Unbounded && m.Count == 0 {
					graphs[i] = &predabs.ARG{G: acfa.Empty(i), Projected: acfa.Empty(i)}
					continue
				}
				setup := &predabs.Setup{
					Prog: c.p, Main: i, Preds: predabs.For(c.preds, i), AllPreds: c.preds, ACFAs: c.acfas, K: c.k,
					Var: c.x, CircDef: c.opts.RaceDef == interp.CIRC, HandleTemplate: handles,
					Solver: c.sv, MaxStates: c.opts.MaxStates, Exact: c.bounded, Decided: c.decided, RefineUB: c.refineUB(),
					Posts: c.posts,
				}
				arg, err := predabs.ReachAndBuild(ctx, setup)
				var race *predabs.RaceError
				switch {
				case errors.As(err, &race):
					res, again := c.refine(ctx, setup, args, mus, race)
					if again {
						continue outer
					}
					return res
				case err != nil:
					return c.failure(ctx, err)
				}
				graphs[i] = arg
			}
			c.collectUB(graphs)
			views := make([]*acfa.ACFA, n)
			idxs := make([][]int, n)
			fixpoint := true
			var states []string
			for i := 0; i < n; i++ {
				states = append(states, fmt.Sprint(graphs[i].NumStates))
				views[i], idxs[i] = c.contextView(graphs[i])
				if !acfa.CheckSim(views[i], c.acfas[i]) {
					fixpoint = false
				}
			}
			c.progress("fixpoint %v (abstract states [%s])", fixpoint, strings.Join(states, " "))
			if fixpoint && c.bounded {
				// The ACFAs are closed for at most k threads per
				// template; one round with omega counters decides
				// whether they are for any number. If not, the rounds
				// go on with omega counters from its ARGs.
				c.bounded = false
				c.progress("checking the fixpoint with omega counters")
				continue
			}
			if fixpoint {
				return report.Result{Verdict: report.Safe, Reason: c.safeReason()}
			}
			args = graphs
			mus = make([][]int, n)
			for i := 0; i < n; i++ {
				var mu []int
				c.acfas[i], mu = bisim.Collapse(views[i])
				mus[i] = compose(idxs[i], mu)
				if c.opts.Trace != nil {
					fmt.Fprintf(c.opts.Trace, "round %d, %s:\nARG %s\nACFA %s\n", c.iterations, c.p.Templates[i].Name, views[i], c.acfas[i])
				}
			}
		}
	}
}

// contextView is what the other threads see of a thread's ARG: its
// projection, with transient chains and, under the circ race definition,
// atomic sections folded into single moves (acfa.Summarize), and the map
// from ARG locations to the view's (-1: inside a folded section).
func (c *checker) contextView(arg *predabs.ARG) (*acfa.ACFA, []int) {
	v, idx, _ := acfa.Summarize(arg.Projected, c.opts.RaceDef == interp.CIRC)
	return v, idx
}

// compose maps each ARG location through idx (nil: identity) and then
// mu (-1 stays -1).
func compose(idx, mu []int) []int {
	if idx == nil {
		return mu
	}
	out := make([]int, len(idx))
	for i, j := range idx {
		out[i] = -1
		if j >= 0 && mu != nil {
			out[i] = mu[j]
		}
	}
	return out
}

func (c *checker) safeReason() string {
	var ts []string
	for _, t := range c.p.Templates {
		ts = append(ts, fmt.Sprintf("%s: %s", t.Name, t.Mult))
	}
	return "proved by context inference for every number of threads the program allows (" + strings.Join(ts, ", ") + ")"
}

func (c *checker) failure(ctx context.Context, err error) report.Result {
	if ctx.Err() != nil {
		return unknown("timeout")
	}
	if errors.Is(err, predabs.ErrBudget) {
		return unknown("abstract state budget of %d states exhausted", c.opts.MaxStates)
	}
	if errors.Is(err, predabs.ErrTooManyPreds) {
		return unknown("%v", err)
	}
	if errors.Is(err, predabs.ErrAtomicOmega) {
		return unknown("%v (a thread template starting inside an atomic section is not supported)", err)
	}
	if errors.Is(err, smt.ErrUnknown) {
		return unknown("%v", err)
	}
	return unknown("internal error: %v", err)
}

// refine analyses an abstract race; again reports that the outer loop
// goes on with more predicates or a larger k.
func (c *checker) refine(ctx context.Context, setup *predabs.Setup, args []*predabs.ARG, mus [][]int, race *predabs.RaceError) (report.Result, bool) {
	if c.opts.Trace != nil {
		fmt.Fprintf(c.opts.Trace, "abstract race trace in %s:\n", c.p.Templates[setup.Main].Name)
		for i, op := range race.Ops {
			fmt.Fprintf(c.opts.Trace, "  %d: %s -> %s\n", i, op.Describe(setup), race.States[i+1].Gamma.Key())
		}
	}
	out, err := refine.Refine(&refine.Input{Setup: setup, ARGs: args, Mu: mus, Race: race})
	if err != nil {
		return c.failure(ctx, err), false
	}
	if race.Undefined {
		return c.refineUndefined(race.MainEdge, setup, out)
	}
	c.progress("abstract race in %s: %s", c.p.Templates[setup.Main].Name, out.Why)
	if c.opts.Trace != nil {
		for i, st := range out.Interleaving {
			fmt.Fprintf(c.opts.Trace, "  %d: thread %d: %s [%s]\n", i, st.Thread, st.Edge, st.Edge.Pos)
		}
		for _, p := range out.Preds {
			fmt.Fprintf(c.opts.Trace, "  mined %s\n", p)
		}
	}
	if out.Real {
		if c.opts.Trace != nil {
			for i, st := range out.Trace {
				fmt.Fprintf(c.opts.Trace, "  real %d: thread %d: %s [%s]\n", i, st.Thread, st.Edge, st.Edge.Pos)
			}
		}
		raw := interp.CompleteJoins(c.p, out.Trace)
		tr, err := interp.Replay(c.p, c.x, c.opts.RaceDef, raw)
		if err != nil {
			return unknown("a feasible interleaving was found but the interpreter did not confirm it: %v", err), false
		}
		c.raw = raw
		return report.Result{Verdict: report.Race, Trace: tr}, false
	}
	if c.learn(out) {
		return report.Result{}, true
	}
	if c.k >= c.opts.MaxK {
		c.stuck = true
		return unknown("refinement stuck: no new predicates and counter bound k=%d reached", c.k), false
	}
	c.k++
	c.progress("k := %d", c.k)
	return report.Result{}, true
}

// learn adds the predicates of a spurious trace's refinement, or its
// value predicates if those add nothing; it reports whether any is new.
func (c *checker) learn(out *refine.Outcome) bool {
	if out.IncK {
		return false
	}
	added := 0
	have := map[string]bool{}
	for _, p := range c.preds {
		have[p.String()] = true
	}
	add := func(p predabs.Pred) {
		if !have[p.String()] {
			have[p.String()] = true
			c.preds = append(c.preds, p)
			added++
		}
	}
	for _, p := range out.Preds {
		add(p)
	}
	mined := added
	for _, p := range out.Preds {
		if p.Template >= 0 {
			for _, q := range predabs.Generalize(p, c.p.Templates[p.Template]) {
				add(q)
			}
		}
	}
	if added > 0 {
		c.progress("added %d predicates (%d for other inlined calls)", added, added-mined)
		return true
	}
	for _, p := range out.Values {
		add(p)
	}
	if added > 0 {
		c.progress("added %d value predicates", added)
	}
	return added > 0
}

// refineUndefined settles an abstract trace into undefined behaviour e:
// a feasible one that the interpreter replays is a finding with its
// trace; a spurious one refines the abstraction like a spurious race,
// and one that refinement cannot remove is a finding without a trace.
// A settled edge joins c.decided: the rounds restart, cutting the
// paths through it as before, and a safe verdict then assumes them cut.
func (c *checker) refineUndefined(e *cfa.Edge, setup *predabs.Setup, out *refine.Outcome) (report.Result, bool) {
	c.progress("abstract trace into undefined behaviour at %s in %s: %s", e.Pos, c.p.Templates[setup.Main].Name, out.Why)
	f := UndefinedFinding(e)
	site := ubSite(e)
	c.ubRounds[site]++
	c.ubTotal++
	before := len(c.preds)
	switch {
	case out.Real:
		if tr, err := interp.ReplayUndefined(c.p, interp.CompleteJoins(c.p, out.Trace)); err == nil {
			f.Reached, f.Trace = true, tr
		}
	case c.ubRounds[site] <= maxUBRounds && c.learn(out) && (c.x == nil || len(c.preds) <= maxUBPreds):
		for _, p := range c.preds[before:] {
			c.ubPreds[site] = append(c.ubPreds[site], p.String())
		}
		return report.Result{}, true
	case !out.IncK || c.k >= c.opts.MaxK:
		c.progress("undefined behaviour at %s: no proof of unreachability within %d refinements and %d predicates", e.Pos, maxUBRounds, maxUBPreds)
		drop := map[string]bool{}
		for _, p := range c.ubPreds[site] {
			drop[p] = true
		}
		for _, p := range c.preds[before:] {
			drop[p.String()] = true
		}
		c.preds = slices.DeleteFunc(c.preds, func(p predabs.Pred) bool { return drop[p.String()] })
	default:
		c.k++
		c.progress("k := %d", c.k)
		return report.Result{}, true
	}
	c.decideSite(e)
	c.undefined = append(c.undefined, f)
	return report.Result{}, true
}

func (c *checker) progress(format string, args ...any) {
	if c.opts.Progress == nil {
		return
	}
	var sizes []string
	for _, a := range c.acfas {
		sizes = append(sizes, fmt.Sprint(len(a.Locs)))
	}
	counters := "omega"
	if c.bounded {
		counters = "bounded"
	}
	fmt.Fprintf(c.opts.Progress, "circ: %s: iteration %d, %d predicates, ACFA sizes [%s], k=%d (%s): %s\n",
		c.name(), c.iterations, len(c.preds), strings.Join(sizes, " "), c.k, counters, fmt.Sprintf(format, args...))
}

// name is the checked variable's name, or what a check without one
// decides.
func (c *checker) name() string {
	if c.x == nil {
		return "undefined behaviour"
	}
	return c.x.Name
}

// handleTemplates maps each thread-handle variable to the template of
// the threads it holds, when that is always the same template: it is
// written only by pthread_create of that template, or with pthread_self()
// by threads of that template. Any other write (h2 = h1) unmaps it.
func handleTemplates(p *cfa.Program) map[*cfa.Var]int {
	m := map[*cfa.Var]int{}
	bad := map[*cfa.Var]bool{}
	note := func(h *cfa.Var, j int) {
		if old, ok := m[h]; ok && old != j {
			bad[h] = true
		}
		m[h] = j
	}
	for _, t := range p.Templates {
		for _, e := range t.Edges {
			switch {
			case e.Kind == cfa.Create && e.LHS != nil:
				note(e.LHS, e.Template.Index)
			case isSelf(t, e):
				note(e.LHS, t.Index)
			case isHandleCopy(t, e):
				// mapped below, from what it copies
			case e.Kind == cfa.Assign && e.LHS.Kind == cfa.Handle && e.RHS == (cfa.Const{Val: 0}):
				// No thread: a join of it waits for none (the
				// join's edge requires a handle other than 0).
			case e.LHS != nil && e.LHS.Kind == cfa.Handle:
				bad[e.LHS] = true
			}
		}
	}
	// A handle copied from another (a join's copy of a global handle)
	// holds what that one holds.
	for changed := true; changed; {
		changed = false
		for _, t := range p.Templates {
			for _, e := range t.Edges {
				if !isHandleCopy(t, e) || bad[e.LHS] {
					continue
				}
				from := e.RHS.(cfa.Ref).V
				j, mapped := m[from]
				old, had := m[e.LHS]
				switch {
				case bad[from] || !mapped || (had && old != j):
					bad[e.LHS], changed = true, true
				case !had:
					m[e.LHS], changed = j, true
				}
			}
		}
	}
	for v := range bad {
		delete(m, v)
	}
	return m
}

// isSelf reports whether e (of template t) stores the thread's own id.
func isSelf(t *cfa.CFA, e *cfa.Edge) bool {
	return e.Kind == cfa.Assign && e.LHS.Kind == cfa.Handle && t.Self != nil && e.RHS == (cfa.Ref{V: t.Self})
}

// isHandleCopy reports whether e (of template t) copies one handle
// variable into another.
func isHandleCopy(t *cfa.CFA, e *cfa.Edge) bool {
	r, ok := e.RHS.(cfa.Ref)
	return e.Kind == cfa.Assign && e.LHS.Kind == cfa.Handle && ok && r.V.Kind == cfa.Handle && !isSelf(t, e)
}

// renderACFAs renders the current context, one ACFA per template, as
// text and DOT named "variable: template".
func (c *checker) renderACFAs(variable string) []report.ACFA {
	names := make([]string, len(c.p.Templates))
	for i, t := range c.p.Templates {
		names[i] = t.Name
	}
	var out []report.ACFA
	for i, a := range c.acfas {
		out = append(out, report.ACFA{
			Template: names[i],
			Text:     a.String(),
			DOT:      a.DOT(variable+": "+names[i], names),
		})
	}
	return out
}
