package report_test

import (
	"strings"
	"testing"

	"circ/report"
)

// TestTextPutsSummaryAndRacesFirst: a report of several locations
// starts with a line counting them by verdict and engine, then lists
// races, unknowns and safe locations in that order.
func TestTextPutsSummaryAndRacesFirst(t *testing.T) {
	rep := &report.Report{File: "p.c", Results: []report.Result{
		{Variable: "a", Verdict: report.Safe, Engine: "circ"},
		{Variable: "b", Verdict: report.Unknown, Engine: "circ", Reason: "timeout"},
		{Variable: "c", Verdict: report.Race, Engine: "explicit"},
		{Variable: "d", Verdict: report.Race, Engine: "circ"},
	}}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	lines := strings.Split(text, "\n")
	if want := "4 locations: 2 race (1 by explicit, 1 by circ), 1 unknown, 1 safe (1 by circ)"; lines[1] != want {
		t.Errorf("summary line %q, want %q", lines[1], want)
	}
	var order []string
	for _, l := range lines {
		if i := strings.Index(l, ":"); i > 0 && !strings.HasPrefix(l, " ") && len(l[:i]) == 1 {
			order = append(order, l[:i])
		}
	}
	if got := strings.Join(order, " "); got != "c d b a" {
		t.Errorf("locations in order %q, want races, unknowns, then safe: \"c d b a\"\n%s", got, text)
	}
}
