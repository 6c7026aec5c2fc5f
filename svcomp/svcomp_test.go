package svcomp

import (
	"os"
	"path/filepath"
	"testing"

	"circ/report"
)

func TestResult(t *testing.T) {
	res := func(vs ...report.Verdict) []report.Result {
		var out []report.Result
		for _, v := range vs {
			out = append(out, report.Result{Verdict: v})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		rep  report.Report
		want string
	}{
		{"all safe", report.Report{Results: res(report.Safe, report.Safe)}, "true"},
		{"a race wins over unknown", report.Report{Results: res(report.Unknown, report.Race)}, "false(no-data-race)"},
		{"unknown", report.Report{Results: res(report.Safe, report.Unknown)}, "unknown"},
	} {
		if got := Result(&tc.rep); got != tc.want {
			t.Errorf("%s: Result = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestIsNoDataRace(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"CHECK( init(main()), LTL(G ! data-race) )\n", true},
		{"CHECK(init(main()),LTL(G ! data-race))", true},
		{"  CHECK( init(main()),\n  LTL(G ! data-race) )  ", true},
		{"CHECK( init(main()), LTL(G ! call(reach_error())) )", false},
		{"CHECK( init(main()), LTL(G valid-free) )", false},
	} {
		path := filepath.Join(dir, "p.prp")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := IsNoDataRace(path); err != nil || got != tc.want {
			t.Errorf("IsNoDataRace(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
	}
	if _, err := IsNoDataRace(filepath.Join(dir, "missing.prp")); err == nil {
		t.Error("a missing property file is no error")
	}
}
