package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/cfa/ranges"
	"circ/driver"
	"circ/explicit"
	"circ/interp"
	"circ/lockset"
	"circ/report"
	"circ/slice"

	"github.com/spf13/pflag"
)

type checkFlags struct {
	engine    string
	raceDef   string
	vars      []string
	format    string
	timeout   time.Duration
	jobs      int
	threads   int
	nondet    string
	maxStates int
	maxDepth  int
	k, maxK   int
	plain     bool
	quiet     bool
	cflags    cfront.Options
	svcomp    svcompFlags
	// raceDefSet is whether --race-def was given.
	raceDefSet bool
	// mallocSet is whether --malloc-may-fail was given.
	mallocSet bool
	witness   string // --witness FILE
	acfas     bool   // keep the final ACFAs (driver.Options.ACFAs)
	// lockset: the lockset stage proves what a common lock orders
	// before the CIRC engine runs (--lockset-stage).
	lockset bool
	// slice: the CIRC engine tries each location on its slice first
	// (--slice, driver.Options.Slicer).
	slice bool
	// explicitStage: the explicit engine hunts races before the CIRC
	// engine and searches the locations it leaves unknown after it
	// (--explicit-stage).
	explicitStage bool
	// reachedUB is no flag: the undefined-behaviour sites the race hunt
	// reached with a replayed run (driver.Options.Reached).
	reachedUB []report.Finding
}

func newCheckFlagSet(f *checkFlags, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet("circ check", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.engine, "engine", "circ", "engine: circ (proof for any number of threads) or explicit (exhaustive bounded search)")
	fs.StringVar(&f.raceDef, "race-def", "svcomp", "race definition: svcomp (an atomic access still races with a non-atomic one), circ (the paper: no thread at an atomic location) or c11 (conflicting accesses that happens-before does not order; a relaxed atomic orders nothing)")
	fs.StringArrayVar(&f.vars, "var", nil, "check only this location, by name or as FILE:LINE (every shared location accessed at that line); repeatable; default: every location shared by two threads")
	fs.StringVar(&f.format, "format", "text", "output format: text, json, sarif (SARIF 2.1.0) or html (one self-contained page)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up after this long, reading the program included (e.g. 30s, 5m); unfinished variables are unknown")
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "variables checked in parallel (circ engine; one Z3 context each)")
	fs.IntVar(&f.threads, "threads", explicit.DefaultThreads, "explicit engine: instances of each unboundedly created thread")
	fs.StringVar(&f.nondet, "nondet-range", fmt.Sprintf("%d..%d", explicit.DefaultNondetLo, explicit.DefaultNondetHi), "explicit engine: values tried for nondeterministic inputs whose range is wider, LO..HI")
	fs.IntVar(&f.maxStates, "max-states", 0, "state budget (explicit: whole search, default 2000000; circ: each reachability, default 200000)")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "explicit engine: longest interleaving explored (0: unbounded)")
	fs.IntVar(&f.k, "k", 1, "circ engine: initial counter bound k")
	fs.IntVar(&f.maxK, "max-k", 8, "circ engine: largest counter bound k before giving up")
	fs.BoolVar(&f.plain, "plain-circ", false, "circ engine: every round with omega counters (the paper's CIRC), not rounds with at most k threads per template confirmed by one omega round (omega-CIRC)")
	fs.BoolVar(&f.lockset, "lockset-stage", true, "circ engine: first prove race-free, by a sound lockset check, the locations whose accesses a common mutex or the first thread creation orders; the CIRC engine checks the rest")
	fs.BoolVar(&f.explicitStage, "explicit-stage", true, fmt.Sprintf("circ engine: search every location briefly with the explicit engine before the CIRC engine (at most %d states, 5 s; a race it finds is replayed and decides it), and the locations the CIRC engine leaves unknown after it (at most %d states, or --max-states; a quarter of --timeout): a race it finds is replayed, a search it completes is a proof", huntStates, explicitStageStates))
	fs.BoolVar(&f.slice, "slice", true, "circ engine: check a location first on its slice (the edges that can matter to it; the rest skipped) when that is much smaller than the program; a proof there holds for the program, anything else is checked on the whole program")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress lines on stderr")
	fs.StringVar(&f.witness, "witness", "", "write an SV-COMP violation witness of the first race to FILE: .yml/.yaml (format 2.2) or .graphml/.xml (GraphML)")
	addCFlags(fs, &f.cflags)
	addSVCOMPFlags(fs, &f.svcomp)
	return fs
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	fs := newCheckFlagSet(&f, stderr)
	if code, ok := parseFlags(fs, args, "check", "Usage: circ check [flags] FILE.c|FILE.i|TASK.yml", stdout, stderr); !ok {
		return code
	}
	write, ok := reportWriters[f.format]
	if !ok {
		fmt.Fprintf(stderr, "circ: --format must be text, json, sarif or html, not %q\n", f.format)
		return 2
	}
	rep, code := f.check(fs, "check", stderr)
	if rep == nil {
		return code
	}
	// The witness first: a verdict line must not stand when its witness
	// could not be written.
	if f.witness != "" {
		if err := writeWitness(f.witness, rep, f.svcomp.witnessDataModel(rep), stderr); err != nil {
			fmt.Fprintf(stderr, "circ: --witness: %v\n", err)
			return 2
		}
	}
	if err := write(rep, stdout); err != nil {
		fmt.Fprintf(stderr, "circ: writing the report: %v\n", err)
		return 2
	}
	if f.format == "text" {
		f.svcomp.writeResult(stdout, rep)
	}
	return rep.ExitStatus()
}

// check loads the one input file of fs and runs the engine on its
// variables; rep is nil after bad input, which has been reported on
// stderr, and code is then the exit status.
func (f *checkFlags) check(fs *pflag.FlagSet, cmd string, stderr io.Writer) (rep *report.Report, code int) {
	bad := func(format string, a ...any) (*report.Report, int) {
		fmt.Fprintf(stderr, "circ: "+format+"\n", a...)
		return nil, 2
	}
	if fs.NArg() != 1 {
		return bad("%s needs exactly one input file (got %d); see 'circ %s --help'", cmd, fs.NArg(), cmd)
	}
	f.raceDefSet = fs.Changed("race-def")
	f.mallocSet = fs.Changed("malloc-may-fail")
	input, err := f.svcomp.resolveInput(fs.Arg(0), f)
	if err != nil {
		return bad("%v", err)
	}
	def, err := interp.ParseRaceDef(f.raceDef)
	if err != nil {
		return bad("%v", err)
	}
	if f.engine != "circ" && f.engine != "explicit" {
		return bad("--engine must be circ or explicit, not %q", f.engine)
	}
	lo, hi, err := parseRange(f.nondet)
	if err != nil {
		return bad("--nondet-range: %v", err)
	}
	if f.jobs < 1 || f.threads < 1 || f.k < 1 || f.maxK < f.k {
		return bad("--jobs, --threads and --k must be at least 1, and --k <= --max-k")
	}
	if f.timeout < 0 || f.maxStates < 0 || f.maxDepth < 0 {
		return bad("--timeout, --max-states and --max-depth must not be negative")
	}
	if err := checkWitnessName(f.witness); err != nil {
		return bad("--witness: %v", err)
	}
	// The budget covers reading the program too: a real program's
	// lowering takes a minute.
	ctx := context.Background()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	type loaded struct {
		prog *cfa.Program
		err  error
	}
	done := make(chan loaded, 1)
	go func() {
		prog, err := load(input, f.cflags, readingProgress(f.quiet, stderr))
		done <- loaded{prog, err}
	}()
	var prog *cfa.Program
	select {
	case l := <-done:
		if l.err != nil {
			return bad("%v", l.err)
		}
		prog = l.prog
	case <-ctx.Done():
		return &report.Report{File: input, Results: []report.Result{{
			Variable: "(program)", Verdict: report.Unknown, Engine: f.engine, RaceDef: def.String(),
			Reason: fmt.Sprintf("timeout: reading the program took longer than --timeout %s", f.timeout),
		}}}, 0
	}
	vars, err := selectVars(prog, f.vars)
	if err != nil {
		return bad("%v", err)
	}
	var progress io.Writer
	if !f.quiet {
		progress = &lateWriter{w: stderr, start: time.Now()}
	}
	xopts := explicit.Options{
		RaceDef: def, Threads: f.threads, NondetLo: lo, NondetHi: hi,
		MaxStates: f.maxStates, MaxDepth: f.maxDepth,
	}
	var results []report.Result
	switch f.engine {
	case "explicit":
		results = explicit.Check(ctx, prog, vars, xopts)
	default:
		var hunted map[int]report.Result
		if f.explicitStage && !f.acfas { // circ acfa: every location's ACFAs
			hunted, f.reachedUB = huntRaces(ctx, prog, vars, xopts, progress)
		}
		circCtx := ctx
		if deadline, ok := ctx.Deadline(); ok && f.explicitStage {
			// A quarter of the time left is the explicit stage's.
			var cancel context.CancelFunc
			circCtx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)*3/4))
			defer cancel()
		}
		results = make([]report.Result, len(vars))
		for i, r := range hunted {
			results[i] = r
		}
		rest, at := pick(vars, func(i int) bool { _, ok := hunted[i]; return !ok })
		for k, r := range f.checkCIRCApart(circCtx, input, prog, rest, def, progress) {
			results[at[k]] = r
		}
		report.DemoteUnmodelled(results) // for the explicit stage to try
		if f.explicitStage {
			stage := xopts
			if stage.MaxStates == 0 {
				stage.MaxStates = explicitStageStates
			}
			explicitUnknowns(ctx, prog, vars, results, stage, progress)
		}
		if def == interp.C11 && !raceFreeSC(prog, vars, results) {
			c11Explicit(ctx, prog, vars, results, xopts)
		}
	}
	if def == interp.C11 && len(prog.Fences) > 0 {
		unfenced(results, prog)
	}
	if len(f.vars) == 0 { // under --var the report is of the locations asked for
		if r, ok := leavesModel(ctx, prog, results, def); ok {
			results = append(results, r)
		}
	}
	rep = &report.Report{File: input, DataModel: prog.DataModel, Assumptions: prog.Assumptions, Results: results}
	rep.CollectFindings()
	qualifySeqCst(rep, prog)
	seen := map[string]bool{}
	for _, e := range prog.Approximations {
		// One call may approximate on many edges (a library's write of
		// each cell it reaches): list each position and reason once.
		if a := fmt.Sprintf("%s: %s", e.Pos, e.Note); !seen[a] {
			seen[a] = true
			rep.Approximations = append(rep.Approximations, a)
		}
	}
	return rep, 0
}

// leavesModel is the program's own result where a run may leave circ's
// model of memory (report.UnmodelledMemory): unknown, since the accesses
// such a run makes past the site, to cells circ lays out apart, may be
// to locations the report does not list at all (a walk from a char
// member into an int another thread reads). The site is the one the
// locations' checks met, or, where no location was checked, the
// program's check decides whether a run reaches one.
func leavesModel(ctx context.Context, prog *cfa.Program, results []report.Result, def interp.RaceDef) (report.Result, bool) {
	if !driver.HasUnmodelled(prog) {
		return report.Result{}, false
	}
	var sites []report.Finding
	for _, r := range results {
		for _, f := range r.Undefined {
			if f.Kind == report.UnmodelledMemory {
				sites = append(sites, f)
			}
		}
	}
	if len(results) == 0 {
		ub := driver.NewWorker(prog).Undefined(ctx, driver.Options{RaceDef: def})
		for _, f := range ub.Findings {
			if f.Kind == report.UnmodelledMemory {
				sites = append(sites, f)
			}
		}
	}
	if len(sites) == 0 {
		return report.Result{}, false
	}
	return report.Result{Variable: "(program)", Verdict: report.Unknown, Engine: "circ", RaceDef: def.String(), Undefined: sites[:1],
		Reason: fmt.Sprintf("a run may leave circ's model of memory at %s: the locations it would then access may be missing from this report", sites[0].Pos)}, true
}

// load reads the C file path into a program, from which the ranges
// stage removes the undefined-behaviour sites no run reaches. progress
// (nil: none) gets a line as each stage ends.
func load(path string, opts cfront.Options, progress io.Writer) (*cfa.Program, error) {
	opts.Progress = progress
	stage := cfront.StageNotes(path, progress)
	prog, err := cfront.LoadWith(path, opts)
	if err == nil {
		if n, settled := ranges.Discharge(prog); settled {
			stage("ranges stage: %d undefined-behaviour sites unreachable", n)
		} else {
			stage("ranges stage: did not settle: no site removed")
		}
	}
	return prog, err
}

// readingProgress is where load shows its stages: stderr, unless quiet,
// once reading has taken a second.
func readingProgress(quiet bool, stderr io.Writer) io.Writer {
	if quiet {
		return nil
	}
	return &lateWriter{w: stderr, start: time.Now()}
}

// checkCIRCApart runs checkCIRC, and when the program keeps an array of
// at most cfront.MaxHandlesApart thread handles as a summary (its
// counting loops then are not unrolled either), checks each variable of
// static storage (staticCells) that ends unknown again on the program
// lowered with the handles of such arrays apart
// (cfront.Options.HandlesApart). Both lowerings are sound, so a verdict
// of either stands: the summary proves a join of all handles for any
// length, per-handle precision finds races and proofs that need each
// thread apart (a join loop that skips one handle). Under --timeout the
// first check gets half the time when a second may follow.
func (f *checkFlags) checkCIRCApart(ctx context.Context, input string, prog *cfa.Program, vars []*cfa.Var, def interp.RaceDef, progress io.Writer) []report.Result {
	arrays := handleArraySummaries(prog)
	if len(arrays) == 0 {
		return checkCIRC(ctx, prog, vars, *f, def, progress)
	}
	first := ctx
	if deadline, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		first, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/2))
		defer cancel()
	}
	results := checkCIRC(first, prog, vars, *f, def, progress)
	static := staticCells(prog)
	var unknown []int
	for i, r := range results {
		if r.Verdict == report.Unknown && static[vars[i]] {
			unknown = append(unknown, i)
		}
	}
	if len(unknown) == 0 || ctx.Err() != nil {
		return results
	}
	opts := f.cflags
	opts.HandlesApart = true
	apart, err := load(input, opts, nil)
	if err != nil {
		return results // the unrolled loops can exceed what the front end lowers
	}
	var again []*cfa.Var
	parts := map[int][]int{} // a result -> the indices in again of its counterparts
	staticApart := staticCells(apart)
	for _, i := range unknown {
		for _, v := range counterparts(prog, apart, vars[i], staticApart) {
			parts[i] = append(parts[i], len(again))
			again = append(again, v)
		}
	}
	if len(again) == 0 {
		return results
	}
	how := "each handle of " + strings.Join(arrays, ", ") + " apart"
	if progress != nil {
		names := make([]string, len(again))
		for i, v := range again {
			names[i] = v.Name
		}
		fmt.Fprintf(progress, "circ: checking again with %s: %s\n", how, strings.Join(names, ", "))
	}
	// Variables that are themselves in the second program are checked
	// together; the handles of a summary one by one, up to the first
	// race.
	rs := make([]report.Result, len(again))
	var single []int
	for _, js := range parts {
		if len(js) == 1 {
			single = append(single, js[0])
		}
	}
	singleVars := make([]*cfa.Var, len(single))
	for k, j := range single {
		singleVars[k] = again[j]
	}
	for k, r := range checkCIRC(ctx, apart, singleVars, *f, def, progress) {
		rs[single[k]] = r
	}
	for i, js := range parts {
		if len(js) == 1 {
			continue
		}
		for n, j := range js {
			rs[j] = checkCIRC(ctx, apart, again[j:j+1], *f, def, progress)[0]
			if rs[j].Verdict == report.Race {
				parts[i] = js[:n+1]
				break
			}
		}
	}
	for i, js := range parts {
		results[i] = foldApart(results[i], rs, js, how)
	}
	return results
}

// counterparts are the variables of apart, the program lowered with
// handles apart, that u of prog stands for: u itself (its name, and
// where and what C declares), or, for the cell of an array summary of
// thread handles, the cell of each handle.
func counterparts(prog, apart *cfa.Program, u *cfa.Var, staticApart map[*cfa.Var]bool) []*cfa.Var {
	same := func(v *cfa.Var) bool {
		return v.Racy() && staticApart[v] && v.CName == u.CName && v.Pos == u.Pos && v.Kind == u.Kind
	}
	if v := apart.Global(u.Name); v != nil && v.Name == u.Name && same(v) {
		return []*cfa.Var{v}
	}
	arrays := handleArraySummaries(prog)
	for _, o := range prog.Memory.Objects {
		i := slices.Index(o.Cells, u)
		if i < 0 || !slices.Contains(arrays, o.Name) || !strings.HasPrefix(o.Paths[i], "[*]") {
			continue
		}
		var out []*cfa.Var
		for k := range o.Len.Init {
			name := fmt.Sprintf("%s[%d]%s", o.Name, k, strings.TrimPrefix(o.Paths[i], "[*]"))
			v := apart.Global(name)
			if v == nil || v.Name != name || !v.Racy() || !staticApart[v] || v.Kind != u.Kind {
				return nil
			}
			out = append(out, v)
		}
		return out
	}
	return nil
}

// foldApart is the verdict on old's variable from the results rs[js] of
// its counterparts: a race of one of them, safe when all are, unknown
// otherwise.
func foldApart(old report.Result, rs []report.Result, js []int, how string) report.Result {
	var secs float64
	var unknown []string
	for _, j := range js {
		secs += rs[j].Seconds
	}
	for _, j := range js {
		r := rs[j]
		switch r.Verdict {
		case report.Race:
			r.Seconds = old.Seconds + secs
			if len(js) > 1 {
				r.Reason = strings.TrimPrefix(r.Reason+"; ", "; ") + "the race is on " + r.Variable
				r.Variable = old.Variable
			}
			r.Reason += "; decided with " + how + " (the array summary left it unknown: " + old.Reason + ")"
			return r
		case report.Unknown:
			unknown = append(unknown, r.Variable+": "+r.Reason)
		}
	}
	if len(unknown) > 0 {
		old.Reason += "; also unknown with " + how + ": " + strings.Join(unknown, "; ")
		old.Seconds += secs
		return old
	}
	r := rs[js[0]]
	r.Variable, r.Seconds = old.Variable, old.Seconds+secs
	if len(js) > 1 {
		r.Reason = fmt.Sprintf("every handle proved (%d): %s", len(js), r.Reason)
	}
	r.Reason += "; decided with " + how + " (the array summary left it unknown: " + old.Reason + ")"
	return r
}

// staticCells are the globals of prog that name one location whatever
// loops the front end unrolls: variables of static storage. The blocks
// of an allocation site, or the locals of a function called, in a loop
// that the lowering with each handle apart unrolls are several objects
// there, named apart, and one of them is not the object of the same
// name here.
func staticCells(prog *cfa.Program) map[*cfa.Var]bool {
	out := map[*cfa.Var]bool{}
	for _, g := range prog.Globals {
		out[g] = true
	}
	if prog.Memory != nil {
		for _, o := range prog.Memory.Objects {
			if o.Kind != cfa.StaticObject {
				for _, c := range o.Cells {
					delete(out, c)
				}
			}
		}
	}
	return out
}

// handleArraySummaries names the arrays of at most
// cfront.MaxHandlesApart thread handles that prog keeps as element
// summaries.
func handleArraySummaries(prog *cfa.Program) []string {
	var names []string
	if prog.Memory == nil {
		return nil
	}
	for _, o := range prog.Memory.Objects {
		if o.Kind != cfa.HeapObject && o.Elements() && o.Len != nil && o.Len.Init > 0 && o.Len.Init <= cfront.MaxHandlesApart &&
			len(o.Cells) > 0 && o.Cells[0].Kind == cfa.Handle {
			names = append(names, o.Name)
		}
	}
	return names
}

// checkCIRC runs the CIRC driver on each variable, f.jobs at a time, one
// Z3 context per worker.
func checkCIRC(ctx context.Context, p *cfa.Program, vars []*cfa.Var, f checkFlags, def interp.RaceDef, progress io.Writer) []report.Result {
	results := make([]report.Result, len(vars))
	// Undefined behaviour is decided once for the program (job -1),
	// and the variables' checks only collect the sites they reach.
	decideUB := driver.HasUndefined(p) && len(vars) > 0
	var ub driver.Undefined
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	out := progress
	if out != nil {
		out = &lockedWriter{w: progress, mu: &mu}
	}
	// Each finished location reports how many are done, and an estimate
	// of the time left from the pace so far.
	start, done := time.Now(), 0
	finished := func(res report.Result) {
		if out == nil || len(vars) < 2 {
			return
		}
		mu.Lock()
		done++
		n := done
		mu.Unlock()
		elapsed := time.Since(start)
		left := time.Duration(float64(elapsed) / float64(n) * float64(len(vars)-n)).Round(time.Second)
		fmt.Fprintf(out, "circ: %d of %d locations done (%s: %s), about %s left\n", n, len(vars), res.Variable, res.Verdict, left)
	}
	// The lockset stage proves first what a common lock or thread
	// creation orders; the CIRC engine checks what it leaves.
	var rest []int
	proofs := map[*cfa.Var]lockset.Proof{}
	if f.lockset && def != interp.C11 {
		proofs = lockset.Prove(p, vars)
	}
	for i, v := range vars {
		pr, ok := proofs[v]
		if !ok {
			rest = append(rest, i)
			continue
		}
		results[i] = report.Result{Variable: v.SourceName(), Verdict: report.Safe, Engine: lockset.Engine, RaceDef: def.String(), Reason: pr.Reason}
		for _, e := range pr.Undefined {
			results[i].Undefined = append(results[i].Undefined, driver.UndefinedFinding(e))
		}
		finished(results[i])
	}
	var slicer *slice.Slicer
	if f.slice && len(rest) > 0 {
		slicer = slice.New(p)
	}
	jobs := len(rest)
	if decideUB {
		jobs++ // the program's check (job -1), beside the variables'
	}
	workers := min(f.jobs, jobs)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each worker's checks share a Z3 context and a cache of
			// abstract posts.
			w := driver.NewWorker(p)
			for i := range work {
				opts := driver.Options{
					RaceDef: def, K: f.k, MaxK: f.maxK, MaxStates: f.maxStates, Progress: out, Plain: f.plain,
					ACFAs: f.acfas || f.format == "html", CollectUB: decideUB, Slicer: slicer, Reached: f.reachedUB,
				}
				if i < 0 {
					ub = w.Undefined(ctx, opts)
				} else {
					results[i] = w.Check(ctx, vars[i], opts)
					finished(results[i])
				}
			}
		}()
	}
	if decideUB {
		work <- -1
	}
	for _, i := range rest {
		work <- i
	}
	close(work)
	wg.Wait()
	if decideUB {
		driver.SettleUndefined(results, ub)
	}
	return results
}

// hideFlags hides flags of check that another command built on check's
// flag set does not take.
func hideFlags(fs *pflag.FlagSet, names ...string) {
	for _, name := range names {
		if err := fs.MarkHidden(name); err != nil {
			panic(err) // a flag check does not define: a programming error
		}
	}
}

// refuseFlags is an error naming the first of the flags that was given.
func refuseFlags(fs *pflag.FlagSet, cmd string, names ...string) error {
	for _, name := range names {
		if fs.Changed(name) {
			return fmt.Errorf("--%s is a flag of circ check, not of circ %s", name, cmd)
		}
	}
	return nil
}

// parseFlags parses args; ok is false when the command must stop with
// code: 0 after --help (usage on stdout), 2 after a bad flag (one line on
// stderr, pflag's ContinueOnError prints nothing itself).
func parseFlags(fs *pflag.FlagSet, args []string, cmd, usage string, stdout, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "%s\n\n", usage)
		writeFlagUsages(stdout, fs)
	}
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		return 0, false
	}
	fmt.Fprintf(stderr, "circ: %s: %s; see 'circ %s --help'\n", cmd, strings.ReplaceAll(err.Error(), "\n", " "), cmd)
	return 2, false
}

// selectVars resolves --var names, or picks every shared data or thread-handle global.
func selectVars(p *cfa.Program, names []string) ([]*cfa.Var, error) {
	if len(names) == 0 {
		return p.SharedMemory(), nil
	}
	var out []*cfa.Var
	seen := map[*cfa.Var]bool{}
	for _, n := range names {
		v := p.Global(n)
		if v == nil {
			if at, ok := accessedAt(p, n); ok {
				if len(at) == 0 {
					return nil, fmt.Errorf("--var %s: no shared location is accessed at that line", n)
				}
				for _, v := range at {
					if !seen[v] {
						seen[v] = true
						out = append(out, v)
					}
				}
				continue
			}
		}
		switch {
		case v == nil:
			return nil, fmt.Errorf("--var %s: no global variable of that name, nor FILE:LINE", n)
		case !v.Racy():
			return nil, fmt.Errorf("--var %s: a synchronization object, not data; it is never checked", n)
		case seen[v]:
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out, nil
}

// accessedAt lists the shared locations an operation at source line
// where (FILE:LINE, FILE a path or its last elements; the file read or
// the one its line directives name) accesses; ok is false when where is
// no FILE:LINE.
func accessedAt(p *cfa.Program, where string) (vars []*cfa.Var, ok bool) {
	file, l, found := strings.Cut(where, ":")
	line, err := strconv.Atoi(l)
	if !found || err != nil || file == "" || line <= 0 {
		return nil, false
	}
	sameFile := func(f string) bool { return f == file || strings.HasSuffix(f, "/"+file) }
	at := func(pos cfa.Pos) bool {
		return pos.Line == line && sameFile(pos.File) || pos.OrigLine == line && sameFile(pos.OrigFile)
	}
	for _, v := range p.SharedMemory() {
		hit := false
		for _, c := range p.Templates {
			for _, e := range c.Edges {
				if at(e.Pos) {
					if acc, _ := e.Accesses(v); acc {
						hit = true
						break
					}
				}
			}
			if hit {
				break
			}
		}
		if hit {
			vars = append(vars, v)
		}
	}
	return vars, true
}

func parseRange(s string) (lo, hi int64, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, fmt.Errorf("want LO..HI, got %q", s)
	}
	if lo, err = strconv.ParseInt(a, 10, 64); err == nil {
		hi, err = strconv.ParseInt(b, 10, 64)
	}
	if err != nil || lo > hi {
		return 0, 0, fmt.Errorf("want LO..HI with LO <= HI, got %q", s)
	}
	return lo, hi, nil
}

// lateWriter drops output during the first second, so that only long
// runs show progress.
type lateWriter struct {
	w     io.Writer
	start time.Time
}

func (l *lateWriter) Write(b []byte) (int, error) {
	if time.Since(l.start) < time.Second {
		return len(b), nil
	}
	return l.w.Write(b)
}

type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// qualifySeqCst makes each safe verdict of a program with atomic
// operations weaker than seq_cst name them: the engines read them as
// seq_cst, so the proof holds under sequential consistency only.
func qualifySeqCst(rep *report.Report, prog *cfa.Program) {
	var ops []string
	seen := map[string]bool{}
	for _, e := range prog.WeakOrders {
		order, _, _ := strings.Cut(e.Note, " ")
		op := fmt.Sprintf("%s at %s:%d:%d", order, filepath.Base(e.Pos.File), e.Pos.Line, e.Pos.Col)
		if !seen[op] {
			seen[op] = true
			ops = append(ops, op)
		}
	}
	for i := range rep.Results {
		if rep.Results[i].Verdict == report.Safe {
			rep.Results[i].SeqCst = ops
		}
	}
}

// raceFreeSC reports whether the abstract engine's proofs hold under
// --race-def c11 as they stand: every shared variable of prog is checked
// and proved safe, and every atomic operation is seq_cst. Then no
// interleaving has two adjacent conflicting accesses, and where all
// synchronization is sequentially consistent, none has conflicting
// accesses that happens-before leaves unordered either (the standard
// argument behind C11's DRF-SC guarantee). Otherwise a race elsewhere (a
// plain flag) or a weaker order can leave a proved variable's accesses
// unordered.
func raceFreeSC(prog *cfa.Program, vars []*cfa.Var, results []report.Result) bool {
	if len(prog.WeakOrders) > 0 || observesWithoutSync(prog) {
		return false
	}
	safe := map[*cfa.Var]bool{}
	for i, r := range results {
		safe[vars[i]] = r.Verdict == report.Safe
	}
	for _, v := range prog.SharedMemory() {
		if !safe[v] {
			return false
		}
	}
	return true
}

// observesWithoutSync reports whether prog calls a primitive that can
// see another thread's effect on its object without synchronizing with
// it (a failing trylock or timed wait, sem_getvalue): an interleaving
// can then order accesses that happens-before does not.
func observesWithoutSync(prog *cfa.Program) bool {
	for _, c := range prog.Templates {
		for _, e := range c.Edges {
			if e.Sync != nil && (e.Sync.Effect == cfa.TryAcquire || e.Sync.Func == "sem_getvalue") {
				return true
			}
		}
	}
	return false
}

// unfenced makes the races found under --race-def c11 in a program with
// fences unknown: happens-before through a fence (a release fence before
// a relaxed store, say) is not modelled, so such a race may be none.
func unfenced(results []report.Result, prog *cfa.Program) {
	for i := range results {
		if results[i].Verdict == report.Race {
			results[i].Verdict = report.Unknown
			results[i].Reason = fmt.Sprintf("a race under --race-def c11, which does not model the synchronization of atomic_thread_fence (at %s)", prog.Fences[0])
		}
	}
}
