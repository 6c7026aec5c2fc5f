package explicit

import (
	"cmp"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/internal/expect"
	"circ/report"
)

// testMaxStates is the explicit engine's budget in TestPrograms where a
// program's header gives none: what an expect-explicit unknown means
// here. The default budget (DefaultMaxStates) would spend ten times as
// long on each variable the engine cannot decide, for the same verdict.
const testMaxStates = 200_000

func TestPrograms(t *testing.T) {
	for _, file := range expect.Programs(t, "../testdata/programs/*.c", 25) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
			t.Parallel()
			m, err := expect.Load(file)
			if err != nil {
				t.Fatalf("manifest: %v", err)
			}
			p, err := cfront.Load(file)
			if err != nil {
				t.Fatalf("cfront: %v", err)
			}
			var vars []*cfa.Var
			for _, name := range m.Vars {
				v := p.Global(name)
				if v == nil {
					t.Fatalf("no global %s", name)
				}
				vars = append(vars, v)
			}
			for _, def := range expect.Defs {
				opts := Options{RaceDef: def, Threads: m.Threads, MaxStates: cmp.Or(m.MaxStates, testMaxStates)}
				res, traces := Run(context.Background(), p, vars, opts)
				checkRaces(t, p, vars, def, res, traces)
				for i, r := range res {
					want := m.ExplicitVerdict(def, m.Vars[i])
					if r.Verdict != want {
						t.Errorf("%s %s: explicit says %s (%s), want %s", def, m.Vars[i], r.Verdict, r.Reason, want)
					}
					if r.Verdict == report.Unknown && r.Reason == "" {
						t.Errorf("%s %s: unknown without a reason", def, m.Vars[i])
					}
				}
				// Where the complete verdict is safe but the explicit
				// engine cannot conclude, no thread count may show a race.
				var safeVars []*cfa.Var
				for i, name := range m.Vars {
					if m.Expect[def][name] == report.Safe && res[i].Verdict != report.Safe {
						safeVars = append(safeVars, vars[i])
					}
				}
				for n := 1; n <= 4 && len(safeVars) > 0; n++ {
					o := opts
					o.Threads = n
					for _, r := range Check(context.Background(), p, safeVars, o) {
						if r.Verdict == report.Race {
							t.Errorf("%s %s: race with %d threads, but the program is safe", def, r.Variable, n)
						}
					}
				}
				for name, n := range m.NeedsThreads {
					o := opts
					o.Threads = n - 1
					if r := Check(context.Background(), p, []*cfa.Var{p.Global(name)}, o)[0]; r.Verdict == report.Race {
						t.Errorf("%s %s: race with %d threads, want one only with %d", def, name, n-1, n)
					}
				}
			}
		})
	}
}

// TestDeepeningThreadCount: a race that needs two CPU threads at depth 35
// is found with --threads 4, because the search tries one and two
// instances first; with four at once, the budget is exhausted near depth
// 28 before the race shows.
func TestDeepeningThreadCount(t *testing.T) {
	p, err := cfront.Load("../testdata/programs/split_phase_enable_before_read_race.c")
	if err != nil {
		t.Fatal(err)
	}
	res := Check(context.Background(), p, []*cfa.Var{p.Global("buf")}, Options{Threads: 4, MaxStates: 1_000_000})
	if res[0].Verdict != report.Race {
		t.Fatalf("buf: %s (%s), want race", res[0].Verdict, res[0].Reason)
	}
	if n := res[0].Trace.Threads; n != 3 {
		t.Errorf("trace with %d threads, want 3 (main and two CPU threads)", n)
	}
}
