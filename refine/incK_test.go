package refine_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/interp"
	"circ/report"
)

// TestRefineIncK: the race of race_needs_four_threads.c needs four
// workers; with the counter bound k = 1 the abstract trace uses more
// workers at one location than the counters tell apart, so Refine asks
// for a larger k (seen in the progress output), and the race is found
// with k >= 2. With k capped at 1 the verdict must never be safe.
func TestRefineIncK(t *testing.T) {
	p, err := cfront.Load("../testdata/programs/race_needs_four_threads.c")
	if err != nil {
		t.Fatal(err)
	}
	x := p.Global("x")
	var progress bytes.Buffer
	res := driver.Check(context.Background(), p, x, driver.Options{RaceDef: interp.SVCOMP, K: 1, Progress: &progress})
	if res.Verdict != report.Race || res.K < 2 {
		t.Fatalf("verdict %s (%s) with k=%d, want a race with k >= 2", res.Verdict, res.Reason, res.K)
	}
	if !strings.Contains(progress.String(), "counter bound too small") || !strings.Contains(progress.String(), "k := 2") {
		t.Errorf("Refine never asked for a larger k:\n%s", progress.String())
	}
	if res.Trace == nil || !res.Trace.Replayed {
		t.Fatal("race without a replayed trace")
	}
	if res.Trace.Threads < 5 {
		t.Errorf("the race trace uses %d threads, want main and four workers", res.Trace.Threads)
	}
	capped := driver.Check(context.Background(), p, x, driver.Options{RaceDef: interp.SVCOMP, K: 1, MaxK: 1})
	if capped.Verdict == report.Safe {
		t.Fatalf("UNSOUND: with k capped at 1 the race on x is proved safe")
	}
	if capped.Verdict == report.Unknown && !strings.Contains(capped.Reason, "k=1") {
		t.Errorf("capped: unknown for another reason: %s", capped.Reason)
	}
}
