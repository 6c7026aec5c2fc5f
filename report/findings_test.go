package report

import (
	"strings"
	"testing"

	"circ/cfa"
)

// TestUnmodelledSiteMakesProofsUnknown: a site where circ's model of
// memory ends is a finding of its own kind, and a proof whose check met
// it is unknown, while one that only assumes undefined behaviour away
// stays safe and cites its finding.
func TestUnmodelledSiteMakesProofsUnknown(t *testing.T) {
	pos := cfa.Pos{File: "t.c", Line: 3, Col: 5}
	ub := FindingOf(&cfa.Edge{Kind: cfa.Error, Undefined: true, Pos: pos, Note: "undefined behaviour: a[i] is no valid int object"})
	leaves := FindingOf(&cfa.Edge{Kind: cfa.Error, Undefined: true, Unmodelled: true, Pos: pos, Note: "arithmetic on a pointer to char may leave its bytes"})
	if ub.Kind != UndefinedBehaviour || leaves.Kind != UnmodelledMemory {
		t.Fatalf("kinds %q and %q, want %q and %q", ub.Kind, leaves.Kind, UndefinedBehaviour, UnmodelledMemory)
	}
	r := &Report{Results: []Result{
		{Variable: "a", Verdict: Safe, Reason: "proved", Undefined: []Finding{ub}},
		{Variable: "b", Verdict: Safe, Reason: "proved", Undefined: []Finding{ub, leaves}},
		{Variable: "c", Verdict: Race, Undefined: []Finding{leaves}},
	}}
	r.CollectFindings()
	want := map[string]Verdict{"a": Safe, "b": Unknown, "c": Race}
	for _, res := range r.Results {
		if res.Verdict != want[res.Variable] {
			t.Errorf("%s: %s, want %s (%s)", res.Variable, res.Verdict, want[res.Variable], res.Reason)
		}
	}
	if a := r.Results[0]; len(a.Assumes) != 1 || !strings.Contains(a.Qualifier(), "assuming no undefined behaviour") {
		t.Errorf("a: assumes %v, qualifier %q; want it to cite its finding", a.Assumes, a.Qualifier())
	}
	if b := r.Results[1]; !strings.Contains(b.Reason, "where circ's model of memory ends") || len(b.Assumes) != 0 {
		t.Errorf("b: reason %q, assumes %v; want the site named and nothing assumed", b.Reason, b.Assumes)
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "finding 2: circ's model of memory ends at t.c:3:5") {
		t.Errorf("text report does not title the site as where circ's model of memory ends:\n%s", text.String())
	}
	if f := sarifFinding(2, r.Findings[1]); f.RuleID != UnmodelledMemory || f.RuleIndex != ruleUnmodelled {
		t.Errorf("SARIF rule %q (index %d), want %q (index %d)", f.RuleID, f.RuleIndex, UnmodelledMemory, ruleUnmodelled)
	}
}
