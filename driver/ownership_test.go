package driver_test

import (
	"context"
	"testing"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/driver"
	"circ/explicit"
	"circ/internal/expect"
	"circ/interp"
	"circ/report"
)

// TestOwnershipSplitProvesPerThreadSlots checks the programs of
// testdata/ownership: each thread of a run-time number of them owns one
// element or block, passed by index, by address or fresh from malloc.
// The abstract engine proves each on the program split by ownership
// (cfa.Program.SplitByOwnership), the last stage of a check; the
// explicit engine, exhaustive on its bounded runs, finds no race. (A
// check runs that stage after three quarters of its time on the
// program itself, which fails on these; the race variants, in
// testdata/programs, are found there.)
func TestOwnershipSplitProvesPerThreadSlots(t *testing.T) {
	eachProgram(t, "../testdata/ownership", 3, cfront.Options{}, func(t *testing.T, file string, p *cfa.Program, m *expect.Manifest) {
		for _, def := range []interp.RaceDef{interp.SVCOMP, interp.CIRC} {
			for name, want := range m.Expect[def] {
				x := p.Global(name)
				if x == nil || want != report.Safe {
					t.Fatalf("%s: want a safe location of the program, got %s=%s", file, name, want)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
				res, split := driver.ProveOnOwnershipSplit(ctx, p, x)
				cancel()
				if !split {
					t.Fatalf("%s: %s: no template is split by ownership", file, name)
				}
				if res.Verdict != report.Safe {
					t.Errorf("%s: %s: not proved on the split program: %s (%s)", file, name, res.Verdict, res.Reason)
				}
				er := explicit.Check(context.Background(), p, []*cfa.Var{x}, explicit.Options{RaceDef: def, Threads: 3, MaxStates: crossMaxStates})[0]
				if er.Verdict == report.Race {
					t.Errorf("UNSOUND PROOF: %s: %s: the explicit engine finds a race: %s", file, name, er.Reason)
				}
			}
		}
	})
}
