package report_test

import (
	"context"
	"fmt"
	"testing"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/report"
)

// checkFile runs the circ engine on every shared variable of a program,
// with the final ACFAs, as 'circ check' does.
func checkFile(t *testing.T, path string) *report.Report {
	t.Helper()
	prog, err := cfront.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rep := &report.Report{File: path}
	for _, v := range prog.SharedMemory() {
		rep.Results = append(rep.Results, driver.Check(context.Background(), prog, v, driver.Options{ACFAs: true}))
	}
	for _, e := range prog.Approximations {
		rep.Approximations = append(rep.Approximations, fmt.Sprintf("%s: %s", e.Pos, e.Note))
	}
	return rep
}

// result is the result for variable x in rep.
func result(t *testing.T, rep *report.Report, x string) report.Result {
	t.Helper()
	for _, r := range rep.Results {
		if r.Variable == x {
			return r
		}
	}
	t.Fatalf("%s: no result for %s", rep.File, x)
	return report.Result{}
}
