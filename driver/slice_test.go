package driver_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	for _, dir := range []struct {
		path string
		opts cfront.Options
	}{{"../testdata/programs", cfront.Options{}}, {"../testdata/havoc", cfront.Options{HavocUnknown: true}}, {"../testdata/mcu", cfront.Options{}}} {
		files, err := filepath.Glob(filepath.Join(dir.path, "*.c"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no test programs in %s (%v)", dir.path, err)
		}
		for _, file := range files {
			t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
				t.Parallel()
				m, err := expect.Load(file)
				if err != nil {
					t.Fatalf("manifest: %v", err)
				}
				p, err := cfront.LoadWith(file, dir.opts)
				if err != nil {
					t.Fatalf("cfront: %v", err)
				}
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
						if res.Verdict != report.Safe {
							continue
						}
						if want == report.Race {
							t.Errorf("UNSOUND SLICE: %s: --race-def %s: %s is proved safe on its slice (%d of %d locations), but races", file, def, name, s.SlicedLocs, s.Locs)
						} else {
							proved.Add(1)
						}
					}
				}
			})
		}
	}
	t.Cleanup(func() {
		t.Logf("proved on their slices alone: %d of %d race-free variables", proved.Load(), safe.Load())
	})
}
