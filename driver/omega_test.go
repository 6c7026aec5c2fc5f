package driver_test

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

// TestOmegaCIRCConfirmsBoundedFixpoint: omega-CIRC infers the context of
// the paper's Figure 1 with one thread per template and no omega, and
// only says safe after one round with omega counters confirms the
// fixpoint; plain CIRC, every round on omega counters, proves the same.
func TestOmegaCIRCConfirmsBoundedFixpoint(t *testing.T) {
	p, err := cfront.Load("../examples/paper_figure1.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, plain := range []bool{false, true} {
		var progress bytes.Buffer
		res := driver.Check(context.Background(), p, p.Global("x"), driver.Options{RaceDef: interp.SVCOMP, Plain: plain, Progress: &progress})
		if res.Verdict != report.Safe || res.K != 1 {
			t.Fatalf("plain=%v: %s (%s) with k=%d, want safe with k=1", plain, res.Verdict, res.Reason, res.K)
		}
		lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
		last := lines[len(lines)-1]
		switch {
		case plain && strings.Contains(progress.String(), "(bounded)"):
			t.Errorf("plain CIRC ran a bounded round:\n%s", progress.String())
		case !plain && !strings.Contains(progress.String(), "checking the fixpoint with omega counters"):
			t.Errorf("omega-CIRC said safe without an omega round:\n%s", progress.String())
		case !strings.Contains(last, "(omega): fixpoint true"):
			t.Errorf("the proof's last round is not a fixpoint on omega counters: %s", last)
		}
	}
}

// TestOmegaRoundFindsWhatBoundedRoundsMiss: with k = 1 the bounded rounds
// run one worker per template and reach a fixpoint without the race of
// race_needs_four_threads.c; the omega round finds the abstract race, k
// grows, and the race is reported with a replayed trace.
func TestOmegaRoundFindsWhatBoundedRoundsMiss(t *testing.T) {
	p, err := cfront.Load("../testdata/programs/race_needs_four_threads.c")
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	res := driver.Check(context.Background(), p, p.Global("x"), driver.Options{RaceDef: interp.SVCOMP, Progress: &progress})
	if res.Verdict != report.Race || res.Trace == nil || !res.Trace.Replayed {
		t.Fatalf("%s (%s), want a replayed race", res.Verdict, res.Reason)
	}
	out := progress.String()
	confirm := strings.Index(out, "checking the fixpoint with omega counters")
	grow := strings.Index(out, "k := 2")
	if confirm < 0 || grow < confirm {
		t.Errorf("want a bounded fixpoint, then an omega round that makes k grow:\n%s", out)
	}
}
