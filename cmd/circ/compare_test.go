package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"circ/report"
)

func compareProgram(name string) string {
	return filepath.Join("..", "..", "testdata", "programs", name)
}

func TestCompareFalseAlarmFigure1(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"compare", "-q", "--format", "json", compareProgram("paper_figure1_safe.c")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errb.String())
	}
	var cmp comparison
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	if cmp.RaceDef != "svcomp" || len(cmp.Files) != 1 {
		t.Fatalf("race_def %q, %d files", cmp.RaceDef, len(cmp.Files))
	}
	rows := map[string]compareRow{}
	for _, r := range cmp.Files[0].Rows {
		rows[r.Variable] = r
	}
	x := rows["x"]
	if x.Baseline != report.Race || x.Circ != report.Safe || x.Outcome != outFalseAlarm {
		t.Errorf("x: lockset %s, circ %s, outcome %q; want race, safe, %q", x.Baseline, x.Circ, x.Outcome, outFalseAlarm)
	}
	if !strings.Contains(x.BaselineReason, "not a replayed trace") {
		t.Errorf("x: lockset reason %q", x.BaselineReason)
	}
	// state races under svcomp (atomic read vs plain release): both find it.
	if st := rows["state"]; st.Baseline != report.Race || st.Circ != report.Race {
		t.Errorf("state: lockset %s, circ %s; want race, race", st.Baseline, st.Circ)
	}
	s := cmp.Summary
	if s.FalseAlarmsRemoved != 1 || s.BothRace != 1 || s.CircRaceBaselineSafe != 0 || s.Unknown != 0 || s.Variables != 2 {
		t.Errorf("summary %+v; want 1 false alarm removed, 1 race both find, 2 variables", s)
	}
}

func TestCompareRaceDefCirc(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"compare", "-q", "--race-def", "circ", "--format", "json", compareProgram("paper_figure1_safe.c")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errb.String())
	}
	var cmp comparison
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil {
		t.Fatal(err)
	}
	// Under the paper's definition circ proves state safe too: two
	// false alarms removed.
	if cmp.RaceDef != "circ" || cmp.Summary.FalseAlarmsRemoved != 2 {
		t.Errorf("race_def %q, summary %+v; want 2 false alarms removed", cmp.RaceDef, cmp.Summary)
	}
}

func TestCompareMarkdown(t *testing.T) {
	var out, errb bytes.Buffer
	files := []string{compareProgram("paper_figure1_safe.c"), compareProgram("wrong_lock_race.c"), compareProgram("trylock_safe.c")}
	code := run(append([]string{"compare", "-q", "--format", "markdown"}, files...), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errb.String())
	}
	var table []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "|") {
			table = append(table, l)
		}
	}
	// header, separator, x and state of figure 1, x of wrong_lock, x of trylock.
	if len(table) != 6 {
		t.Fatalf("want a 6-line table, got %d lines:\n%s", len(table), out.String())
	}
	cols := strings.Count(table[0], "|")
	for _, l := range table {
		if !strings.HasSuffix(l, "|") || strings.Count(l, "|") != cols {
			t.Errorf("malformed table row %q (want %d bars)", l, cols)
		}
	}
	if !strings.HasPrefix(table[1], "| ---") {
		t.Errorf("second line is not a separator: %q", table[1])
	}
	for _, want := range []string{"| `x` | lockset | race | safe |", "false alarm removed by circ", "both race", "both safe", "**1 false alarms removed by circ**"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, out.String())
		}
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", "--format", "xml", compareProgram("trylock_safe.c")},
		{"compare", "--race-def", "nope", compareProgram("trylock_safe.c")},
		{"compare", "--baseline", "eraser", compareProgram("trylock_safe.c")},
		{"compare", "-q", compareProgram("no_such_file.c")},
	} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %s)", args, code, errb.String())
		}
	}
	// A bad file among good ones: the others are still compared.
	var out, errb bytes.Buffer
	code := run([]string{"compare", "-q", compareProgram("no_such_file.c"), compareProgram("wrong_lock_race.c")}, &out, &errb)
	if code != 2 || !strings.Contains(out.String(), "races both find:") || !strings.Contains(out.String(), "error:") {
		t.Errorf("exit %d, output:\n%s", code, out.String())
	}
}

func TestLocksetCommand(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"lockset", compareProgram("paper_figure1_safe.c")}, report.ExitRace,
			[]string{"x:", "RACE", "engine lockset", "lockset warning, not a replayed trace"}},
		{[]string{"lockset", "--var", "x", compareProgram("trylock_safe.c")}, report.ExitSafe,
			[]string{"x:", "SAFE"}},
		{[]string{"lockset", "--format", "json", "--var", "x", compareProgram("wrong_lock_race.c")}, report.ExitRace,
			[]string{`"verdict": "race"`, `"engine": "lockset"`, "holding {m1}"}},
		{[]string{"lockset", "--var", "m", compareProgram("trylock_safe.c")}, 2, nil},
		{[]string{"lockset", "--var", "nope", compareProgram("trylock_safe.c")}, 2, nil},
		{[]string{"lockset", "--format", "dot", compareProgram("trylock_safe.c")}, 2, nil},
		{[]string{"lockset"}, 2, nil},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := run(tt.args, &out, &errb)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %s)", tt.args, code, tt.code, errb.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out.String())
			}
		}
	}
	var out, errb bytes.Buffer
	run([]string{"lockset", "--format", "json", compareProgram("paper_figure1_safe.c")}, &out, &errb)
	var rep report.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Results) != 2 {
		t.Fatalf("JSON %v, %d results:\n%s", err, len(rep.Results), out.String())
	}
	for _, r := range rep.Results {
		if r.Trace != nil || r.Engine != "lockset" {
			t.Errorf("%s: trace %v engine %q", r.Variable, r.Trace, r.Engine)
		}
	}
}

// TestCompareNesCRule: for interrupt-driven C the baseline is nesC's
// rule. Where it warns and circ proves the variable safe, the
// comparison gives circ's proof; where the race is real, circ's
// replayed trace.
func TestCompareNesCRule(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "mcu")
	var out, errb bytes.Buffer
	code := run([]string{"compare", "-q", "--format", "json", filepath.Join(dir, "split_phase_sample_read_after_done_safe.c"), filepath.Join(dir, "split_phase_sample_read_after_done_race.c")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errb.String())
	}
	var cmp comparison
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil {
		t.Fatal(err)
	}
	if len(cmp.Files) != 2 || cmp.Files[0].Baseline != "nesc" {
		t.Fatalf("files %+v; want two compared with nesc", cmp.Files)
	}
	sample := map[string]compareRow{}
	for _, f := range cmp.Files {
		for _, r := range f.Rows {
			if r.Variable == "sample" {
				sample[filepath.Base(f.File)] = r
			}
		}
	}
	safe, racy := sample["split_phase_sample_read_after_done_safe.c"], sample["split_phase_sample_read_after_done_race.c"]
	if safe.Baseline != report.Race || safe.Circ != report.Safe || safe.Outcome != outFalseAlarm || len(safe.Predicates) == 0 || !strings.Contains(safe.BaselineReason, "non-atomic read") {
		t.Errorf("safe variant: %+v; want nesC's warning removed by a proof with predicates", safe)
	}
	if racy.Baseline != report.Race || racy.Circ != report.Race || racy.CircTrace == nil || !racy.CircTrace.Replayed {
		t.Errorf("race variant: %+v; want a race both find, with circ's replayed trace", racy)
	}
	// --baseline lockset compares the same file with the lockset check.
	out.Reset()
	if code := run([]string{"compare", "-q", "--baseline", "lockset", "--format", "json", filepath.Join(dir, "split_phase_sample_read_after_done_safe.c")}, &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	cmp = comparison{}
	if err := json.Unmarshal(out.Bytes(), &cmp); err != nil || cmp.Files[0].Baseline != "lockset" {
		t.Errorf("--baseline lockset: %v %+v", err, cmp.Files)
	}
}
