package driver_test

// Benchmarks of the abstract engine on the paper's example and on one
// program of each family of the bundled test programs:
//
//	go test -run '^$' -bench . ./driver
//
// Besides time/op they report smt-queries/op and iterations/op (of the
// CIRC loop, from the result) and peak-MB, the process's peak resident
// memory (VmHWM) during the benchmark, reset at its start.

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/interp"
	"circ/report"
)

// benchCheck benchmarks driver.Check on variable name of file under def,
// and fails if the verdict is not want.
func benchCheck(b *testing.B, file, name string, def interp.RaceDef, want report.Verdict) {
	b.Helper()
	p, err := cfront.Load(file)
	if err != nil {
		b.Fatal(err)
	}
	x := p.Global(name)
	if x == nil {
		b.Fatalf("%s: no global %s", file, name)
	}
	resetPeakRSS()
	queries, iterations := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := driver.Check(context.Background(), p, x, driver.Options{RaceDef: def})
		if res.Verdict != want {
			b.Fatalf("%s: %s is %s (%s), want %s", file, name, res.Verdict, res.Reason, want)
		}
		queries += res.SMTQueries
		iterations += res.Iterations
		// Let the finalizers free this check's Z3 context before the next
		// one, so that peak-MB is that of one check, not of b.N.
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(queries)/float64(b.N), "smt-queries/op")
	b.ReportMetric(float64(iterations)/float64(b.N), "iterations/op")
	if mb, ok := peakRSSMB(); ok {
		b.ReportMetric(mb, "peak-MB")
	}
}

// resetPeakRSS collects garbage (go-z3 frees Z3 objects in finalizers)
// and resets the kernel's peak RSS of this process (VmHWM) to the current
// RSS, so that peakRSSMB measures the benchmark that follows rather than
// the largest one before it. Best effort (clear_refs needs Linux >= 4.0);
// memory that the C allocator keeps after a free still counts.
func resetPeakRSS() {
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	debug.FreeOSMemory()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSSMB reads VmHWM from /proc/self/status, in MB.
func peakRSSMB() (float64, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest) // "12345 kB"
		if len(fields) != 2 || fields[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			return 0, false
		}
		return kb / 1024, true
	}
	return 0, false
}

const (
	benchPrograms = "../testdata/programs/"
	benchExamples = "../examples/"
)

// BenchmarkPaperFigure1 is the paper's running example (Figure 1): x is
// proved race-free for unboundedly many threads; the lock word state is a
// replayed race under svcomp and safe under the paper's definition.
func BenchmarkPaperFigure1(b *testing.B) {
	file := benchExamples + "paper_figure1.c"
	b.Run("x", func(b *testing.B) { benchCheck(b, file, "x", interp.SVCOMP, report.Safe) })
	b.Run("state-svcomp", func(b *testing.B) { benchCheck(b, file, "state", interp.SVCOMP, report.Race) })
	b.Run("state-circ", func(b *testing.B) { benchCheck(b, file, "state", interp.CIRC, report.Safe) })
}

// BenchmarkPrograms runs one check per program family: locks, unbounded
// workers, Peterson, test-and-set, a race needing four threads,
// interrupts, atomic sections, trylock and joins.
func BenchmarkPrograms(b *testing.B) {
	for _, c := range []struct {
		name, file, x string
		want          report.Verdict
	}{
		{"mutex-protected-safe", "mutex_protected_safe.c", "counter", report.Safe},
		{"unbounded-workers-mutex-safe", "unbounded_workers_mutex_safe.c", "x", report.Safe},
		{"unbounded-workers-unprotected-race", "unbounded_workers_unprotected_race.c", "x", report.Race},
		{"peterson-safe", "peterson_safe.c", "x", report.Safe},
		{"test-and-set-safe", "test_and_set_safe.c", "x", report.Safe},
		{"race-needs-four-threads", "race_needs_four_threads.c", "x", report.Race},
		{"split-phase-safe", "split_phase_interrupt_safe.c", "buf", report.Safe},
		{"interrupt-no-disable-race", "interrupt_no_disable_race.c", "buf", report.Race},
		{"flag-published-safe", "flag_published_atomic_safe.c", "data", report.Safe},
		{"atomic-vs-nonatomic-race", "atomic_vs_nonatomic_race.c", "x", report.Race},
		{"trylock-safe", "trylock_safe.c", "x", report.Safe},
		{"trylock-ignored-result-race", "trylock_ignored_result_race.c", "x", report.Race},
		{"create-join-order-safe", "create_join_order_safe.c", "x", report.Safe},
		{"read-before-join-race", "read_before_join_race.c", "result", report.Race},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchCheck(b, benchPrograms+c.file, c.x, interp.SVCOMP, c.want)
		})
	}
}
