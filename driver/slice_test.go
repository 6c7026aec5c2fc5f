package driver_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/driver"
	"circ/internal/expect"
	"circ/interp"
	"circ/report"
	"circ/slice"
)

// TestSliceOverApproximates checks every variable of every test program
// on its slice alone, whatever its size: a slice over-approximates its
// program, so it must never prove safe a variable whose expected verdict
// is a race. How many of the race-free ones it proves is logged.
func TestSliceOverApproximates(t *testing.T) {
	var proved, safe atomic.Int64
	check := func(t *testing.T, file string, p *cfa.Program, m *expect.Manifest) {
		slicer := slice.New(p)
		for _, def := range expect.Defs {
			if def == interp.C11 {
				continue // the driver never slices for happens-before
			}
			for _, name := range m.Vars {
				x := p.Global(name)
				s := slicer.For(x)
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				res := driver.Check(ctx, s.Prog, x, driver.Options{RaceDef: def, CollectUB: true})
				cancel()
				want := m.CircVerdict(def, name)
				if want == report.Safe {
					safe.Add(1)
				}
				switch {
				case res.Verdict != report.Safe:
				case want == report.Race:
					t.Errorf("UNSOUND SLICE: %s: --race-def %s: %s is proved safe on its slice (%d of %d locations), but races", file, def, name, s.SlicedLocs, s.Locs)
				default:
					proved.Add(1)
				}
			}
		}
	}
	t.Run("programs", func(t *testing.T) { eachProgram(t, "../testdata/programs", 40, cfront.Options{}, check) })
	t.Run("havoc", func(t *testing.T) { eachProgram(t, "../testdata/havoc", 4, cfront.Options{HavocUnknown: true}, check) })
	t.Run("mcu", func(t *testing.T) { eachProgram(t, "../testdata/mcu", 7, cfront.Options{}, check) })
	t.Logf("proved on their slices alone: %d of %d race-free variables", proved.Load(), safe.Load())
}
