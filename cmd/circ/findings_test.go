package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestCLIUndefinedBehaviourFinding: undefined behaviour a run reaches is
// a finding with a replayed trace in every format; a safe verdict that
// assumed it away says so and exits 20; under --svcomp the RESULT line,
// which is about data races only, stays true.
func TestCLIUndefinedBehaviourFinding(t *testing.T) {
	src, err := os.ReadFile("../../testdata/programs/pointer_past_object_write_is_undefined_safe.c")
	if err != nil {
		t.Fatal(err)
	}
	path := writeC(t, "oob.c", string(src))
	for _, engine := range []string{"circ", "explicit"} {
		r := runCLI(t, "check", "-q", "--engine", engine, path)
		if r.code != 20 {
			t.Errorf("%s: exit %d, want 20 (safe assuming no undefined behaviour)\n%s", engine, r.code, r.stdout)
		}
		for _, want := range []string{"g:           SAFE (assuming no undefined behaviour: see finding 1)", "finding 1: undefined behaviour at " + path + ":14:40: *q is no valid int object", "replayed by the interpreter"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%s: text report lacks %q:\n%s", engine, want, r.stdout)
			}
		}
	}

	r := runCLI(t, "check", "--format", "json", path)
	var rep struct {
		Results []struct {
			Variable string `json:"variable"`
			Verdict  string `json:"verdict"`
			Assumes  []int  `json:"assumes_no_finding"`
		} `json:"results"`
		Findings []struct {
			Kind    string `json:"kind"`
			Message string `json:"message"`
			Pos     string `json:"pos"`
			Reached bool   `json:"reached"`
			Trace   *struct {
				Steps    []json.RawMessage `json:"steps"`
				Replayed bool              `json:"replayed"`
			} `json:"trace"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, r.stdout)
	}
	if len(rep.Results) != 1 || rep.Results[0].Verdict != "safe" || len(rep.Results[0].Assumes) != 1 || rep.Results[0].Assumes[0] != 1 {
		t.Errorf("results %+v, want g safe assuming finding 1", rep.Results)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("findings %+v, want one", rep.Findings)
	}
	f := rep.Findings[0]
	if f.Kind != "undefined-behaviour" || !f.Reached || f.Trace == nil || !f.Trace.Replayed || len(f.Trace.Steps) == 0 || f.Pos != path+":14:40" {
		t.Errorf("finding %+v, want undefined behaviour at 14:40 reached by a replayed trace", f)
	}

	r = runCLI(t, "check", "--format", "sarif", path)
	if !strings.Contains(r.stdout, `"ruleId": "undefined-behaviour"`) || !strings.Contains(r.stdout, "codeFlows") {
		t.Errorf("SARIF has no undefined-behaviour result with a code flow:\n%s", r.stdout)
	}
	r = runCLI(t, "check", "--format", "html", path)
	if !strings.Contains(r.stdout, `id="finding-1"`) || !strings.Contains(r.stdout, "assuming no undefined behaviour") {
		t.Errorf("HTML report has no finding section")
	}
	r = runCLI(t, "check", "-q", "--svcomp", path)
	if !strings.Contains(r.stdout, "RESULT: true") {
		t.Errorf("--svcomp: want RESULT: true (findings are not data races):\n%s", r.stdout)
	}
}

// TestCLIWeakOrdersInVerdictLine: a proof that reads a relaxed flag as
// seq_cst says so in the verdict line and in the JSON result, not only
// among the approximations.
func TestCLIWeakOrdersInVerdictLine(t *testing.T) {
	file := "../../testdata/programs/relaxed_flag_publishes_struct_safe.c"
	r := runCLI(t, "check", "-q", "--var", "settings.rate", file)
	want := "settings.rate: SAFE (assuming sequential consistency for memory_order_relaxed at relaxed_flag_publishes_struct_safe.c:20:3, memory_order_relaxed at relaxed_flag_publishes_struct_safe.c:25:7)"
	if !strings.Contains(r.stdout, want) {
		t.Errorf("verdict line lacks %q:\n%s", want, r.stdout)
	}
	r = runCLI(t, "check", "--format", "json", "--var", "settings.rate", file)
	var rep struct {
		Results []struct {
			SeqCst []string `json:"assumes_seq_cst"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 1 || len(rep.Results[0].SeqCst) != 2 {
		t.Errorf("JSON result does not list the two relaxed operations (%v):\n%s", err, r.stdout)
	}
	// Without weaker orders there is nothing to assume.
	r = runCLI(t, "check", "-q", "../../testdata/programs/struct_fields_under_different_locks_safe.c")
	if strings.Contains(r.stdout, "assuming") || r.code != 0 {
		t.Errorf("exit %d, a qualifier on a program without weaker orders:\n%s", r.code, r.stdout)
	}
}

// TestCLIRaceDefC11: under --race-def c11 two conflicting accesses race
// unless happens-before orders them. A relaxed flag or counter orders
// nothing; release/acquire and locks do. The abstract engine's proofs in
// programs with weaker orders are decided again by the explicit engine,
// and a race that may rest on a fence is unknown.
func TestCLIRaceDefC11(t *testing.T) {
	tests := []struct {
		file     string
		verdicts map[string]string
	}{
		{"../../testdata/programs/relaxed_flag_publishes_struct_safe.c", map[string]string{"settings.rate": "race", "settings.mode": "race", "ready": "safe"}},
		{"../../testdata/programs/release_acquire_flag_publishes_struct_safe.c", map[string]string{"settings.rate": "safe", "settings.mode": "safe", "ready": "safe"}},
		{"../../testdata/c11/relaxed_counter_decides_who_reads.c", map[string]string{"slot[0]": "race", "slot[1]": "race", "done": "safe"}},
		{"../../testdata/c11/acq_rel_counter_decides_who_reads.c", map[string]string{"slot[0]": "safe", "slot[1]": "safe", "done": "safe"}},
		{"../../testdata/c11/lock_orders_data_relaxed_counter_beside.c", map[string]string{"data": "safe", "hits": "safe"}},
		{"../../testdata/c11/release_fence_publishes.c", map[string]string{"data": "unknown", "ready": "safe"}},
		{"../../testdata/c11/failing_trylock_orders_nothing.c", map[string]string{"data": "race"}},
		{"../../testdata/c11/sem_getvalue_orders_nothing.c", map[string]string{"data": "race"}},
		{"../../testdata/c11/mutex_init_orders_nothing.c", map[string]string{"data": "race"}},
		{"../../testdata/c11/order_of_operand_not_of_operation.c", map[string]string{"data": "race"}},
		{"../../testdata/c11/unknown_atomic_store_kept_after_overwrite.c", map[string]string{"x": "race"}},
		{"../../testdata/c11/test_and_set_releases_nothing.c", map[string]string{"data": "race"}},
		// The plain store that releases the lock word races, and
		// orders nothing: under happens-before x races too, which the
		// interleaving definitions do not see.
		{"../../examples/paper_figure1.c", map[string]string{"x": "race", "state": "race"}},
		// Without weaker orders and with every variable race-free,
		// the interleaving proofs carry over.
		{"../../testdata/programs/struct_fields_under_different_locks_safe.c", map[string]string{"acct.a": "safe", "acct.b": "safe"}},
	}
	// Checking some variables only: the others may race and leave
	// these unordered.
	r := runCLI(t, "check", "-q", "--race-def", "c11", "--var", "data", "--var", "u", "../../testdata/c11/plain_flag_publishes_data.c")
	if !strings.Contains(r.stdout, "data:        RACE") {
		t.Errorf("plain_flag_publishes_data.c --var data --var u: want data racing under c11:\n%s", r.stdout)
	}
	for _, tc := range tests {
		for _, engine := range []string{"circ", "explicit"} {
			r := runCLI(t, "check", "--format", "json", "--race-def", "c11", "--engine", engine, tc.file)
			var rep struct {
				Results []struct {
					Variable string `json:"variable"`
					Verdict  string `json:"verdict"`
					RaceDef  string `json:"race_def"`
					Trace    *struct {
						Replayed bool `json:"replayed"`
					} `json:"trace"`
				} `json:"results"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("%s: json: %v\n%s", tc.file, err, r.stderr)
			}
			for _, res := range rep.Results {
				want, ok := tc.verdicts[res.Variable]
				if !ok {
					continue
				}
				if res.Verdict != want || res.RaceDef != "c11" {
					t.Errorf("%s (%s): %s is %s under %s, want %s under c11", tc.file, engine, res.Variable, res.Verdict, res.RaceDef, want)
				}
				if res.Verdict == "race" && (res.Trace == nil || !res.Trace.Replayed) {
					t.Errorf("%s (%s): race on %s without a replayed trace", tc.file, engine, res.Variable)
				}
			}
		}
	}
}
