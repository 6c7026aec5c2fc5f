package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// readmeClaims are the manual's statements that circ proves or finds
// something on a bundled program, each with the check that shows it:
// the quote must stand in README.md or a page of docs/ as written (up to line breaks), and
// circ must still give the verdicts. A claim reworded in the README
// must be reworded here, and one that stops being true fails.
var readmeClaims = []struct {
	quote    string
	args     []string
	verdicts map[string]string
	exit     int // -1: any
}{
	{
		quote:    "The first command proves `x` race-free for unboundedly many threads and reports a replayed race on the lock word `state`",
		args:     []string{"../../examples/paper_figure1.c"},
		verdicts: map[string]string{"x": "safe", "state": "race"},
		exit:     10,
	},
	{
		quote:    "`--race-def circ` proves `state` safe too, as the paper does",
		args:     []string{"--race-def", "circ", "../../examples/paper_figure1.c"},
		verdicts: map[string]string{"x": "safe", "state": "safe"},
		exit:     0,
	},
	{
		quote:    "\"create n workers, join all n, then read\" is proved for any `n` (`join_all_heap_handles_then_read_safe.c`)",
		args:     []string{"../../testdata/programs/join_all_heap_handles_then_read_safe.c"},
		verdicts: map[string]string{"total": "safe"},
		exit:     -1, // its loops' bounds are findings no proof settles
	},
	{
		quote:    "a hundred: 0.6 s, `join_all_handles_in_local_array_of_hundred_then_read_safe.c`",
		args:     []string{"../../testdata/programs/join_all_handles_in_local_array_of_hundred_then_read_safe.c"},
		verdicts: map[string]string{"done": "safe"},
		exit:     -1,
	},
	{
		quote:    "`circ check --race-def circ --var buf examples/tinyos_split_phase.c` proves `buf` safe for any number of CPU threads",
		args:     []string{"--race-def", "circ", "--var", "buf", "../../examples/tinyos_split_phase.c"},
		verdicts: map[string]string{"buf": "safe"},
		exit:     0,
	},
	{
		quote:    "`r > 0 ? a[r - 1] : 0` reads nothing and cuts nothing for `r == 0` (`guarded_index_in_conditional_keeps_unguarded_path_race.c`)",
		args:     []string{"../../testdata/programs/guarded_index_in_conditional_keeps_unguarded_path_race.c"},
		verdicts: map[string]string{"g": "race"},
		exit:     10,
	},
	{
		quote:    "`pthread_once(&once, initp)` reads `initp` on every call (`once_routine_argument_read_after_routine_ran_race.c`)",
		args:     []string{"../../testdata/programs/once_routine_argument_read_after_routine_ran_race.c"},
		verdicts: map[string]string{"initp": "race", "g": "safe"},
		exit:     10,
	},
	{
		quote:    "returns `ESRCH` at once and the joiner goes on (`join_of_handle_not_yet_set_returns_at_once_race.c`)",
		args:     []string{"../../testdata/programs/join_of_handle_not_yet_set_returns_at_once_race.c"},
		verdicts: map[string]string{"g": "race"},
		exit:     10,
	},
	{
		quote:    "locking or unlocking a destroyed one fails with `EINVAL` and excludes nothing until it is initialized again (`mutex_locked_after_destroy_excludes_nothing_race.c`)",
		args:     []string{"../../testdata/programs/mutex_locked_after_destroy_excludes_nothing_race.c"},
		verdicts: map[string]string{"g": "race"},
		exit:     10,
	},
}

func TestREADMEClaims(t *testing.T) {
	readme := strings.Join(strings.Fields(readManual(t)), " ")
	for _, c := range readmeClaims {
		t.Run(c.args[len(c.args)-1], func(t *testing.T) {
			if !strings.Contains(readme, strings.Join(strings.Fields(c.quote), " ")) {
				t.Errorf("the manual (README.md, docs/) no longer says %q: reword the claim here, or drop it", c.quote)
			}
			r := runCLI(t, append([]string{"check", "--format", "json"}, c.args...)...)
			if c.exit >= 0 && r.code != c.exit {
				t.Errorf("exit %d, want %d", r.code, c.exit)
			}
			var rep struct {
				Results []struct {
					Variable string `json:"variable"`
					Verdict  string `json:"verdict"`
				} `json:"results"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("json: %v\n%s", err, r.stderr)
			}
			got := map[string]string{}
			for _, res := range rep.Results {
				got[res.Variable] = res.Verdict
			}
			for v, want := range c.verdicts {
				if got[v] != want {
					t.Errorf("%s: %q, the manual claims %s", v, got[v], want)
				}
			}
		})
	}
}
