package driver_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/cfa/ranges"
	"circ/driver"
	"circ/explicit"
	"circ/internal/expect"
	"circ/interp"
	"circ/report"
)

// crossMaxStates is the explicit engine's budget in the cross-check
// (programs' explicit-max-states headers, meant for the explicit engine's
// own test, are ignored).
const crossMaxStates = 200_000

// TestCrossCheck runs the abstract engine on every variable of every test
// program under both race definitions, compares each verdict with the
// program's expectation header, and cross-checks it with the explicit
// engine: a proof of safety must agree with the absence of races for 1..4
// instances of each unbounded template, and a race must come with a trace
// that the interpreter replays and that the explicit engine also finds
// with that many instances.
func TestCrossCheck(t *testing.T) {
	crossCheckDir(t, "../testdata/programs", 40, cfront.Options{})
}

// TestCrossCheckHavoc is TestCrossCheck for the programs of
// testdata/havoc, which need --unknown-functions havoc.
func TestCrossCheckHavoc(t *testing.T) {
	crossCheckDir(t, "../testdata/havoc", 4, cfront.Options{HavocUnknown: true})
}

// TestCrossCheckMCU is TestCrossCheck for the programs of testdata/mcu:
// interrupt-driven code for a microcontroller (cfront/mcu.go), which no
// x86 compiler builds for the native replay.
func TestCrossCheckMCU(t *testing.T) {
	crossCheckDir(t, "../testdata/mcu", 7, cfront.Options{})
}

// crossCheckDir cross-checks the at least min programs of dir, lowered
// with opts.
func crossCheckDir(t *testing.T, dir string, min int, opts cfront.Options) {
	eachProgram(t, dir, min, opts, func(t *testing.T, file string, p *cfa.Program, m *expect.Manifest) {
		// A program's checks run on one worker, as circ check's do,
		// and share its cache of posts across race definitions and
		// plain CIRC too, which circ check never does in one run: a
		// post the cache's key would wrongly make alike shows up as a
		// wrong verdict.
		w := driver.NewWorker(p)
		for _, def := range expect.Defs {
			crossCheck(t, w, file, p, m, def)
		}
	})
}

// eachProgram runs check, as a parallel subtest, on each of the at least
// min programs of dir (under -short, the sample expect.Programs keeps),
// lowered with opts, with its expectation header.
func eachProgram(t *testing.T, dir string, min int, opts cfront.Options, check func(t *testing.T, file string, p *cfa.Program, m *expect.Manifest)) {
	for _, file := range expect.Programs(t, filepath.Join(dir, "*.c"), min) {
		name := strings.TrimSuffix(filepath.Base(file), ".c")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, err := expect.Load(file)
			if err != nil {
				t.Fatalf("manifest: %v", err)
			}
			p, err := cfront.LoadWith(file, opts)
			if err != nil {
				t.Fatalf("cfront: %v", err)
			}
			check(t, file, p, m)
		})
	}
}

func crossCheck(t *testing.T, w *driver.Worker, file string, p *cfa.Program, m *expect.Manifest, def interp.RaceDef) {
	t.Helper()
	var safeVars []*cfa.Var
	isSafe := map[*cfa.Var]bool{}
	// assumed: per proof, the undefined behaviour it assumes away.
	type proof struct {
		where   string
		assumed map[string]bool
	}
	var proofs []proof
	// reached: the lines where either engine reaches undefined
	// behaviour, each of which the header must expect.
	reached := map[int]bool{}
	// The ranges stage's unreachable sites: no engine may reach one.
	discharged := dischargedSites(p)
	noteReached := func(who string, fs []report.Finding) {
		for _, f := range fs {
			if !f.Reached {
				continue
			}
			if discharged[f.Pos+": "+f.Message] {
				t.Errorf("UNSOUND STAGE: %s: --race-def %s: the ranges stage shows undefined behaviour at %s (%s) unreachable, but %s reaches it:\n%s",
					file, def, f.Pos, f.Message, who, renderTrace(f.Trace))
			}
			parts := strings.Split(f.Pos, ":")
			line, _ := strconv.Atoi(parts[len(parts)-2])
			if !slices.Contains(m.Undefined, line) {
				t.Errorf("%s: --race-def %s: %s reaches undefined behaviour at %s (%s), which the header's expect-undefined does not list:\n%s",
					file, def, who, f.Pos, f.Message, renderTrace(f.Trace))
			}
			reached[line] = true
		}
	}
	defer func() {
		for _, line := range m.Undefined {
			if !reached[line] {
				t.Errorf("%s: --race-def %s: neither engine reaches the undefined behaviour the header expects at line %d", file, def, line)
			}
		}
	}()
	for _, name := range m.Vars {
		for _, plain := range []bool{false, true} {
			x := p.Global(name)
			if x == nil {
				t.Fatalf("no global %s", name)
			}
			res := checkOne(t, w, file, p, m, def, name, x, plain)
			noteReached("the abstract engine", res.Undefined)
			if res.Verdict != report.Safe {
				continue
			}
			pr := proof{fmt.Sprintf("%s: --race-def %s, variable %s (plain %v)", file, def, name, plain), map[string]bool{}}
			for _, f := range res.Undefined {
				pr.assumed[f.Pos+": "+f.Message] = true
				if f.Reached && (f.Trace == nil || !f.Trace.Replayed) {
					t.Errorf("%s: undefined behaviour at %s reached without a replayed trace", pr.where, f.Pos)
				}
			}
			proofs = append(proofs, pr)
			if !isSafe[x] {
				isSafe[x] = true
				safeVars = append(safeVars, x)
			}
		}
	}
	// Every proof must survive the explicit engine with 1..4 instances of
	// each unbounded template (one run suffices without unbounded ones).
	maxN := 1
	for _, c := range p.Templates {
		if c.Mult.Unbounded {
			maxN = 4
		}
	}
	for n := 1; n <= maxN && len(safeVars) > 0; n++ {
		opts := explicit.Options{RaceDef: def, Threads: n, MaxStates: crossMaxStates}
		res, traces := explicit.Run(context.Background(), p, safeVars, opts)
		noteReached("the explicit engine", res[0].Undefined)
		// Undefined behaviour a run reaches must be among what every
		// proof assumed away: a proof that cuts no path there would
		// have shown it unreachable.
		for _, f := range res[0].Undefined {
			if !f.Reached {
				continue
			}
			for _, pr := range proofs {
				if !pr.assumed[f.Pos+": "+f.Message] {
					t.Errorf("UNSOUND PROOF: %s: the abstract engine's proof takes undefined behaviour at %s (%s) for unreachable, but the explicit engine reaches it with %d instance(s):\n%s",
						pr.where, f.Pos, f.Message, n, renderTrace(f.Trace))
				}
			}
		}
		for i, r := range res {
			if r.Verdict == report.Race {
				rt, err := interp.Replay(p, safeVars[i], def, traces[i])
				t.Errorf("UNSOUND PROOF: %s: --race-def %s, variable %s: the abstract engine proved it SAFE for any number of threads, "+
					"but the explicit engine finds a race with %d instance(s) per unbounded template (replay error: %v):\n%s",
					file, def, r.Variable, n, err, renderTrace(rt))
			}
		}
	}
}

// checkOne runs the abstract engine on x (omega-CIRC, or the paper's plain
// CIRC with every round on omega counters: both must give the expected
// verdict) and checks its evidence.
func checkOne(t *testing.T, w *driver.Worker, file string, p *cfa.Program, m *expect.Manifest, def interp.RaceDef, name string, x *cfa.Var, plain bool) report.Result {
	t.Helper()
	{
		want := m.CircVerdict(def, name)
		// The budget is wall-clock time, and CI runs three test packages
		// on two cores: a run of 10 s alone takes several times that
		// under load, and a timeout would read as a wrong verdict.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		res, raw := w.Run(ctx, x, driver.Options{RaceDef: def, Plain: plain})
		cancel()
		algo := "omega-CIRC"
		if plain {
			algo = "plain CIRC"
		}
		where := fmt.Sprintf("%s: --race-def %s, variable %s, %s", file, def, name, algo)
		if res.Verdict != want {
			switch {
			case res.Verdict == report.Safe:
				t.Errorf("UNSOUND PROOF: %s: the abstract engine says SAFE, but the expected verdict is %s (a complete checker's verdict: %s). "+
					"A wrong safe is the worst possible defect. Reason given: %q; predicates %v, k=%d",
					where, strings.ToUpper(string(want)), m.Expect[def][name], res.Reason, res.Predicates, res.K)
			case res.Verdict == report.Race:
				t.Errorf("%s: the abstract engine reports a RACE, but the expected verdict is %s: a replayed trace contradicts the header, or the replay is wrong:\n%s",
					where, want, renderTrace(res.Trace))
			default:
				t.Errorf("%s: the abstract engine says %s (%s), want %s", where, res.Verdict, res.Reason, want)
			}
		}
		switch res.Verdict {
		case report.Race:
			checkRace(t, where, p, name, x, def, m, res, raw)
		case report.Unknown:
			if res.Reason == "" {
				t.Errorf("%s: unknown without a reason", where)
			}
		}
		return res
	}
}

// checkRace checks the evidence of a race verdict: a replayed trace, an
// independent replay of the raw interleaving, and the explicit engine
// finding a race on x with as many instances as the trace uses.
func checkRace(t *testing.T, where string, p *cfa.Program, name string, x *cfa.Var, def interp.RaceDef, m *expect.Manifest, res report.Result, raw interp.Trace) {
	t.Helper()
	if res.Trace == nil || !res.Trace.Replayed {
		t.Errorf("%s: race without a replayed trace", where)
		return
	}
	if len(raw) == 0 {
		t.Errorf("%s: race without the raw interleaving", where)
		return
	}
	rt, err := interp.Replay(p, x, def, raw)
	if err != nil {
		t.Errorf("%s: the race trace does not replay: %v", where, err)
		return
	}
	if len(rt.Steps) != len(res.Trace.Steps) || rt.Threads != res.Trace.Threads {
		t.Errorf("%s: the replayed trace (%d steps, %d threads) differs from the reported one (%d steps, %d threads)",
			where, len(rt.Steps), rt.Threads, len(res.Trace.Steps), res.Trace.Threads)
	}
	// Instances per template, and the chosen values.
	instances := map[int]int{}
	var values []int64
	for _, st := range raw {
		switch st.Edge.Kind {
		case cfa.Create:
			instances[st.Edge.Template.Index]++
		case cfa.Havoc:
			values = append(values, st.Value)
		}
	}
	n := 1
	for _, c := range instances {
		n = max(n, c)
	}
	if need := m.NeedsThreads[name]; need > 0 && n < need {
		t.Errorf("%s: the race trace uses %d instances, but no race exists with fewer than %d", where, n, need)
	}
	opts := explicit.Options{RaceDef: def, Threads: n, MaxStates: crossMaxStates, NondetExtra: values}
	er := explicit.Check(context.Background(), p, []*cfa.Var{x}, opts)[0]
	if er.Verdict == report.Unknown && m.ExplicitVerdict(def, name) == report.Unknown {
		// The program's header says the explicit engine cannot decide
		// x (its state budget): the interpreter's replay above is the
		// evidence.
		t.Logf("%s: the explicit engine cannot decide this race (%s); the replayed trace stands", where, er.Reason)
		return
	}
	if er.Verdict != report.Race {
		t.Errorf("%s: the abstract engine's race (%d instances, values %v) is not found by the explicit engine with the same bounds: %s (%s)",
			where, n, values, er.Verdict, er.Reason)
	}
}

func renderTrace(tr *report.Trace) string {
	if tr == nil {
		return "  (no trace)"
	}
	var b strings.Builder
	for _, s := range tr.Steps {
		fmt.Fprintf(&b, "  %3d %-12s %s %s %v\n", s.Step, s.Thread, s.Pos, s.Op, s.Values)
	}
	for _, a := range tr.Race {
		fmt.Fprintf(&b, "  race: %s at %s: %s (write %v)\n", a.Thread, a.Pos, a.Op, a.Write)
	}
	return b.String()
}

// dischargedSites are the undefined-behaviour sites (position and
// message) the ranges stage shows unreachable in every copy.
func dischargedSites(p *cfa.Program) map[string]bool {
	gone := map[*cfa.Edge]bool{}
	edges, _ := ranges.Unreachable(p)
	for _, e := range edges {
		gone[e] = true
	}
	out := map[string]bool{}
	kept := map[string]bool{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if !e.Undefined {
				continue
			}
			f := report.FindingOf(e)
			k := f.Pos + ": " + f.Message
			if gone[e] {
				out[k] = true
			} else {
				kept[k] = true
			}
		}
	}
	for k := range kept {
		delete(out, k)
	}
	return out
}
