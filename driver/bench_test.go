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

// BenchmarkMutexProtected: two workers under a lock.
func BenchmarkMutexProtected(b *testing.B) {
	benchCheck(b, benchPrograms+"mutex_protected_safe.c", "counter", interp.SVCOMP, report.Safe)
}

// BenchmarkUnboundedWorkers: unboundedly many workers, with and without
// the lock.
func BenchmarkUnboundedWorkers(b *testing.B) {
	b.Run("mutex-safe", func(b *testing.B) {
		benchCheck(b, benchPrograms+"unbounded_workers_mutex_safe.c", "x", interp.SVCOMP, report.Safe)
	})
	b.Run("unprotected-race", func(b *testing.B) {
		benchCheck(b, benchPrograms+"unbounded_workers_unprotected_race.c", "x", interp.SVCOMP, report.Race)
	})
}

// BenchmarkPeterson: mutual exclusion by Peterson's algorithm (no locks).
func BenchmarkPeterson(b *testing.B) {
	benchCheck(b, benchPrograms+"peterson_safe.c", "x", interp.SVCOMP, report.Safe)
}

// BenchmarkTestAndSet: the paper's test-and-set lock with bounded threads.
func BenchmarkTestAndSet(b *testing.B) {
	benchCheck(b, benchPrograms+"test_and_set_safe.c", "x", interp.SVCOMP, report.Safe)
}

// BenchmarkRaceNeedsFourThreads: the race needs counter bound k large
// enough for four workers.
func BenchmarkRaceNeedsFourThreads(b *testing.B) {
	benchCheck(b, benchPrograms+"race_needs_four_threads.c", "x", interp.SVCOMP, report.Race)
}

// BenchmarkInterrupts: nesC-style split-phase code and interrupts.
func BenchmarkInterrupts(b *testing.B) {
	b.Run("split-phase-safe", func(b *testing.B) {
		benchCheck(b, benchPrograms+"split_phase_interrupt_safe.c", "buf", interp.SVCOMP, report.Safe)
	})
	b.Run("no-disable-race", func(b *testing.B) {
		benchCheck(b, benchPrograms+"interrupt_no_disable_race.c", "buf", interp.SVCOMP, report.Race)
	})
}

// BenchmarkAtomicSections: atomic functions and flags published atomically.
func BenchmarkAtomicSections(b *testing.B) {
	b.Run("flag-published-safe", func(b *testing.B) {
		benchCheck(b, benchPrograms+"flag_published_atomic_safe.c", "data", interp.SVCOMP, report.Safe)
	})
	b.Run("atomic-vs-nonatomic-race", func(b *testing.B) {
		benchCheck(b, benchPrograms+"atomic_vs_nonatomic_race.c", "x", interp.SVCOMP, report.Race)
	})
}

// BenchmarkTrylock: trylock with and without checking its result.
func BenchmarkTrylock(b *testing.B) {
	b.Run("safe", func(b *testing.B) {
		benchCheck(b, benchPrograms+"trylock_safe.c", "x", interp.SVCOMP, report.Safe)
	})
	b.Run("ignored-result-race", func(b *testing.B) {
		benchCheck(b, benchPrograms+"trylock_ignored_result_race.c", "x", interp.SVCOMP, report.Race)
	})
}

// BenchmarkJoins: thread creation and joins.
func BenchmarkJoins(b *testing.B) {
	b.Run("create-join-order-safe", func(b *testing.B) {
		benchCheck(b, benchPrograms+"create_join_order_safe.c", "x", interp.SVCOMP, report.Safe)
	})
	b.Run("read-before-join-race", func(b *testing.B) {
		benchCheck(b, benchPrograms+"read_before_join_race.c", "result", interp.SVCOMP, report.Race)
	})
}
