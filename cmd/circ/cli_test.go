package main

// End-to-end tests of the command-line contract (README "Using it",
// design.md "Interfaces that other tools and scripts rely on"): exit
// statuses, the JSON document, one-line messages for bad input, timeouts.
// They call run directly, on the bundled programs and on temporary files.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"circ/cfa/cfront"

	"gonum.org/v1/gonum/graph/formats/dot"
)

const (
	programsDir = "../../testdata/programs/"
	examplesDir = "../../examples/"
)

// cliResult is the outcome of one run of the command.
type cliResult struct {
	code           int
	stdout, stderr string
	elapsed        time.Duration
}

func runCLI(t *testing.T, args ...string) cliResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := run(args, &stdout, &stderr)
	r := cliResult{code: code, stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	assertNoCrash(t, r)
	return r
}

// assertNoCrash fails on anything that looks like a panic or stack trace.
func assertNoCrash(t *testing.T, r cliResult) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "runtime error", ".go:"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("stderr contains %q:\n%s", bad, r.stderr)
		}
	}
}

// assertBadInput checks the contract for bad input or usage: status 2,
// nothing on stdout, exactly one line on stderr, containing each of want.
func assertBadInput(t *testing.T, r cliResult, want ...string) {
	t.Helper()
	if r.code != 2 {
		t.Errorf("exit status %d, want 2 (stderr %q)", r.code, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout not empty: %q", r.stdout)
	}
	if !strings.HasSuffix(r.stderr, "\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr is not exactly one line: %q", r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "circ: ") {
		t.Errorf("stderr does not start with \"circ: \": %q", r.stderr)
	}
	for _, w := range want {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr %q does not mention %q", r.stderr, w)
		}
	}
}

// jsonReport mirrors the documented JSON document; decoding is strict
// about the document being exactly one value.
type jsonReport struct {
	File    string `json:"file"`
	Results []struct {
		Variable string `json:"variable"`
		Verdict  string `json:"verdict"`
		Engine   string `json:"engine"`
		RaceDef  string `json:"race_def"`
		Reason   string `json:"reason"`
		Trace    *struct {
			Steps []struct {
				Step   int      `json:"step"`
				Thread string   `json:"thread"`
				Pos    string   `json:"pos"`
				Op     string   `json:"op"`
				Values []string `json:"values"`
			} `json:"steps"`
			Race []struct {
				Thread string `json:"thread"`
				Pos    string `json:"pos"`
				Write  bool   `json:"write"`
			} `json:"race"`
			Threads  int  `json:"threads"`
			Replayed bool `json:"replayed"`
		} `json:"trace"`
	} `json:"results"`
}

func decodeReport(t *testing.T, out string) *jsonReport {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var rep jsonReport
	if err := dec.Decode(&rep); err != nil {
		// Unknown fields are allowed by the contract; retry leniently
		// so that only malformed JSON fails here.
		rep = jsonReport{}
		dec = json.NewDecoder(strings.NewReader(out))
		if err := dec.Decode(&rep); err != nil {
			t.Fatalf("stdout is not JSON: %v\n%s", err, out)
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		t.Fatalf("stdout holds more than one JSON document:\n%s", out)
	}
	return &rep
}

// verdicts maps variable to verdict.
func (r *jsonReport) verdicts() map[string]string {
	m := map[string]string{}
	for _, res := range r.Results {
		m[res.Variable] = res.Verdict
	}
	return m
}

// exitFor is the documented exit status of a set of verdicts.
func exitFor(rep *jsonReport) int {
	code := 0
	for _, res := range rep.Results {
		switch res.Verdict {
		case "race":
			return 10
		case "unknown":
			code = 20
		}
	}
	return code
}

func TestCLIExitStatus(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"mutex safe", []string{"check", "-q", programsDir + "mutex_protected_safe.c"}, 0},
		{"unbounded workers safe", []string{"check", "-q", programsDir + "unbounded_workers_mutex_safe.c"}, 0},
		{"unprotected counter race", []string{"check", "-q", programsDir + "unprotected_counter_race.c"}, 10},
		{"wrong lock race", []string{"check", "-q", programsDir + "wrong_lock_race.c"}, 10},
		{"paper example svcomp", []string{"check", "-q", examplesDir + "paper_figure1.c"}, 10},
		{"paper example circ def", []string{"check", "-q", "--race-def", "circ", examplesDir + "paper_figure1.c"}, 0},
		{"paper example x only", []string{"check", "-q", "--var", "x", examplesDir + "paper_figure1.c"}, 0},
		{"paper example one job", []string{"check", "-q", "--jobs", "1", examplesDir + "paper_figure1.c"}, 10},
		{"paper example circ def k 2", []string{"check", "-q", "--race-def", "circ", "--k", "2", "--jobs", "3", examplesDir + "paper_figure1.c"}, 0},
		{"paper example plain CIRC svcomp", []string{"check", "-q", "--plain-circ", examplesDir + "paper_figure1.c"}, 10},
		{"paper example plain CIRC circ def", []string{"check", "-q", "--plain-circ", "--race-def", "circ", examplesDir + "paper_figure1.c"}, 0},
		{"state budget unknown", []string{"check", "-q", "--max-states", "3", programsDir + "mutex_protected_safe.c"}, 20},
		{"explicit safe", []string{"check", "-q", "--engine", "explicit", programsDir + "mutex_protected_safe.c"}, 0},
		{"explicit race", []string{"check", "-q", "--engine", "explicit", programsDir + "unbounded_workers_unprotected_race.c"}, 10},
		{"explicit unbounded unknown", []string{"check", "-q", "--engine", "explicit", "--var", "count", programsDir + "race_needs_four_threads.c"}, 20},
		{"explicit needs 4 threads", []string{"check", "-q", "--engine", "explicit", "--threads", "4", "--var", "x", programsDir + "race_needs_four_threads.c"}, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, format := range []string{"text", "json"} {
				args := append(append([]string(nil), tt.args...), "--format", format)
				r := runCLI(t, args...)
				if r.code != tt.want {
					t.Errorf("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", format, r.code, tt.want, r.stdout, r.stderr)
				}
				if r.stderr != "" {
					t.Errorf("%s: stderr with -q: %q", format, r.stderr)
				}
				if format == "json" {
					rep := decodeReport(t, r.stdout)
					if got := exitFor(rep); got != r.code {
						t.Errorf("exit status %d disagrees with the verdicts %v", r.code, rep.verdicts())
					}
				}
			}
		})
	}
}

func TestCLIJSON(t *testing.T) {
	tests := []struct {
		file string
		args []string
		want map[string]string
	}{
		{examplesDir + "paper_figure1.c", nil, map[string]string{"x": "safe", "state": "race"}},
		{programsDir + "unprotected_counter_race.c", nil, map[string]string{"counter": "race"}},
		{programsDir + "unprotected_counter_race.c", []string{"--engine", "explicit"}, map[string]string{"counter": "race"}},
		{programsDir + "mutex_protected_safe.c", nil, map[string]string{"counter": "safe"}},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file)+strings.Join(tt.args, ""), func(t *testing.T) {
			args := append([]string{"check", "-q", "--format", "json"}, tt.args...)
			r := runCLI(t, append(args, tt.file)...)
			rep := decodeReport(t, r.stdout)
			if rep.File != tt.file {
				t.Errorf("file %q, want %q", rep.File, tt.file)
			}
			if len(rep.Results) == 0 {
				t.Fatalf("no results")
			}
			got := rep.verdicts()
			for v, want := range tt.want {
				if got[v] != want {
					t.Errorf("%s: verdict %q, want %q (all: %v)", v, got[v], want, got)
				}
			}
			for _, res := range rep.Results {
				if res.Variable == "" || res.Engine == "" || res.RaceDef == "" {
					t.Errorf("result without variable, engine or race_def: %+v", res)
				}
				switch res.Verdict {
				case "race":
					tr := res.Trace
					if tr == nil {
						t.Fatalf("%s: race without a trace", res.Variable)
					}
					if !tr.Replayed {
						t.Errorf("%s: trace not replayed", res.Variable)
					}
					if len(tr.Steps) == 0 || len(tr.Race) < 2 {
						t.Errorf("%s: trace with %d steps and %d racing accesses", res.Variable, len(tr.Steps), len(tr.Race))
					}
					for i, s := range tr.Steps {
						if s.Step != i+1 || s.Thread == "" || s.Pos == "" || s.Op == "" {
							t.Errorf("%s: malformed step %d: %+v", res.Variable, i, s)
						}
					}
				case "safe":
					if res.Trace != nil {
						t.Errorf("%s: safe with a trace", res.Variable)
					}
				case "unknown":
					if res.Reason == "" {
						t.Errorf("%s: unknown without a reason", res.Variable)
					}
				default:
					t.Errorf("%s: verdict %q", res.Variable, res.Verdict)
				}
			}
		})
	}
}

func TestCLIVar(t *testing.T) {
	file := examplesDir + "paper_figure1.c"
	names := func(r cliResult) []string {
		var out []string
		for _, res := range decodeReport(t, r.stdout).Results {
			out = append(out, res.Variable)
		}
		return out
	}
	r := runCLI(t, "check", "-q", "--format", "json", "--var", "x", file)
	if got := strings.Join(names(r), ","); got != "x" || r.code != 0 {
		t.Errorf("--var x: variables %q, exit %d; want x, 0", got, r.code)
	}
	r = runCLI(t, "check", "-q", "--format", "json", "--var", "state", "--var", "x", "--var", "state", file)
	if got := strings.Join(names(r), ","); got != "state,x" || r.code != 10 {
		t.Errorf("--var state --var x --var state: variables %q, exit %d; want state,x, 10", got, r.code)
	}
	r = runCLI(t, "check", "-q", "--format", "json", file)
	if got := strings.Join(names(r), ","); !strings.Contains(got, "x") || !strings.Contains(got, "state") {
		t.Errorf("no --var: variables %q, want x and state", got)
	}

	assertBadInput(t, runCLI(t, "check", "--var", "nosuchvar", file), "nosuchvar")
	assertBadInput(t, runCLI(t, "check", "--var", "m", programsDir+"mutex_protected_safe.c"), "--var m", "synchronization")
	assertBadInput(t, runCLI(t, "check", "--var", "t", examplesDir+"paper_figure1.c"))
}

func TestCLIBadFlags(t *testing.T) {
	file := programsDir + "mutex_protected_safe.c"
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--format", "xml", file}, []string{"--format", "xml"}},
		{[]string{"check", "--race-def", "foo", file}, []string{"foo"}},
		{[]string{"check", "--engine", "bar", file}, []string{"--engine", "bar"}},
		{[]string{"check", "--nondet-range", "3..1", file}, []string{"--nondet-range", "3..1"}},
		{[]string{"check", "--nondet-range", "1-3", file}, []string{"--nondet-range"}},
		{[]string{"check", "--bogus", file}, []string{"--bogus"}},
		{[]string{"check", "-z", file}, []string{"-z"}},
		{[]string{"check", "--timeout", "soon", file}, []string{"--timeout"}},
		{[]string{"check", "--timeout", "-1s", file}, []string{"--timeout"}},
		{[]string{"check", "--k", "x", file}, []string{"--k"}},
		{[]string{"check", "--jobs", "0", file}, []string{"--jobs"}},
		{[]string{"check", "--k", "3", "--max-k", "2", file}, []string{"--max-k"}},
		{[]string{"check", "--max-states", "-5", file}, []string{"--max-states"}},
		{[]string{"check", "--format"}, []string{"--format"}},
		{[]string{"check"}, []string{"input file"}},
		{[]string{"check", file, file}, []string{"input file"}},
		{[]string{"cfa", "--format", "png", file}, []string{"--format", "png"}},
		{[]string{"cfa", "--bogus", file}, []string{"--bogus"}},
		{[]string{"cfa"}, []string{"input file"}},
		{[]string{"frobnicate"}, []string{"frobnicate"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			assertBadInput(t, runCLI(t, tt.args...), tt.want...)
		})
	}
}

// writeC writes a C file into a temporary directory.
func writeC(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCLIBadFiles(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no_such_file.c")
	for _, cmd := range []string{"check", "cfa"} {
		assertBadInput(t, runCLI(t, cmd, missing), missing)
	}
	assertBadInput(t, runCLI(t, "check", t.TempDir()))

	const spawn = "int main(void) { pthread_t t; pthread_create(&t, 0, thr, 0); "
	tests := []struct {
		name, src string
		want      []string // in the message, besides file:line:column:
	}{
		{"syntax", "int x;\nint main(void) {\n  x = ;\n  return 0;\n}\n", nil},
		{"syntax_eof", "int main(void) { return 0;\n", nil},
		{"undefined", "int main(void) {\n  z = 1;\n  return 0;\n}\n", []string{"z"}},
		{"include", "#include <no_such_header_circ.h>\nint main(void) { return 0; }\n", []string{"no_such_header_circ.h"}},
		{"pointer-type-punning", "#include <pthread.h>\nint x;\nchar *p;\nvoid *thr(void *a) { *p = 1; return 0; }\n" + spawn + "p = (char *)&x; return 0; }\n",
			[]string{"unsupported", "may point to x"}},
		{"union-over-mutex", "#include <pthread.h>\nunion u { pthread_mutex_t m; long l; } a;\nvoid *thr(void *arg) { a.l = 1; return 0; }\n" + spawn + "a.l = 3; return 0; }\n",
			[]string{"unsupported", "union"}},
		{"wide-string-array", "#include <pthread.h>\n#include <wchar.h>\nwchar_t s[4];\nvoid *thr(void *arg) { wchar_t b[] = L\"a\"; s[0] = b[0]; return 0; }\n" + spawn + "return 0; }\n",
			[]string{"unsupported", "initializer of array"}},
		{"complex", "#include <pthread.h>\n_Complex double y;\nvoid *thr(void *arg) { y = 1.5; return 0; }\n" + spawn + "y = 2.0; return 0; }\n",
			[]string{"unsupported", "complex"}},
		{"recursion", "int g;\nvoid walk(char *p, int n) { char buf[4]; if (n <= 0) return; buf[0] = (char)n; walk(buf, n - 1); g = p[0]; }\nint main(void) { char s[2] = \"a\"; walk(s, 2); return g; }\n", []string{"recursi", "may hold an address"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeC(t, tt.name+".c", tt.src)
			pos := regexp.MustCompile(`^circ: ` + regexp.QuoteMeta(path) + `:[1-9][0-9]*:[1-9][0-9]*: `)
			for _, args := range [][]string{{"check", path}, {"check", "--engine", "explicit", path}, {"cfa", path}} {
				r := runCLI(t, args...)
				assertBadInput(t, r, tt.want...)
				if !pos.MatchString(r.stderr) {
					t.Errorf("%v: message not of the form file:line:column: %q", args, r.stderr)
				}
			}
		})
	}
}

// TestCLITimeoutImmediate: a timeout that expires before any work makes
// every result unknown ("timeout"), exit 20, for both engines.
func TestCLITimeoutImmediate(t *testing.T) {
	for _, engine := range []string{"circ", "explicit"} {
		for _, file := range []string{examplesDir + "paper_figure1.c", programsDir + "race_needs_four_threads.c", programsDir + "peterson_safe.c"} {
			t.Run(engine+"/"+filepath.Base(file), func(t *testing.T) {
				r := runCLI(t, "check", "-q", "--engine", engine, "--timeout", "1ns", "--format", "json", file)
				if r.code != 20 {
					t.Errorf("exit status %d, want 20\n%s%s", r.code, r.stdout, r.stderr)
				}
				if r.elapsed > 20*time.Second {
					t.Errorf("took %v", r.elapsed)
				}
				rep := decodeReport(t, r.stdout)
				if len(rep.Results) == 0 {
					t.Fatal("no results")
				}
				for _, res := range rep.Results {
					if res.Verdict != "unknown" || !strings.HasPrefix(res.Reason, "timeout") {
						t.Errorf("%s: %s (%q), want unknown (timeout...)", res.Variable, res.Verdict, res.Reason)
					}
				}
			})
		}
	}
}

// Programs whose exploration runs far longer than the budgets below.
const (
	// A ticket counter where only the 1st and the 8th holder write x: the
	// abstract engine needs many predicates and a large k.
	longCIRCProgram = `#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, count;
void *worker(void *arg) {
  int my;
  __VERIFIER_atomic_begin();
  my = count;
  count = count + 1;
  __VERIFIER_atomic_end();
  if (my == 0 || my == 7)
    x = x + 1;
  return 0;
}
int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
`
	// Many workers adding nondeterministic values under a lock: the
	// explicit state space is astronomically large.
	longExplicitProgram = `#include <pthread.h>
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  int i;
  for (i = 0; i < 4; i++) {
    pthread_mutex_lock(&m);
    x = x + __VERIFIER_nondet_int();
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
`
)

// TestCLITimeoutBudget: --timeout stops a long check of either engine
// close to the budget. Progress lines are on (no -q): they must go to
// stderr, never into the JSON on stdout.
func TestCLITimeoutBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two 2-second checks")
	}
	tests := []struct {
		engine, src string
		args        []string
	}{
		{"circ", longCIRCProgram, []string{"--var", "x", "--max-k", "40", "--max-states", "50000000"}},
		{"explicit", longExplicitProgram, []string{"--threads", "8", "--nondet-range", "-1000..1000", "--max-states", "1000000000"}},
	}
	for _, tt := range tests {
		t.Run(tt.engine, func(t *testing.T) {
			path := writeC(t, "long_"+tt.engine+".c", tt.src)
			args := append([]string{"check", "--engine", tt.engine, "--timeout", "2s", "--format", "json"}, tt.args...)
			r := runCLI(t, append(args, path)...)
			if r.elapsed > 20*time.Second {
				t.Errorf("--timeout 2s took %v", r.elapsed)
			}
			t.Logf("--timeout 2s returned after %v", r.elapsed)
			if r.code != 20 {
				t.Errorf("exit status %d, want 20\n%s", r.code, r.stdout)
			}
			for _, res := range decodeReport(t, r.stdout).Results {
				if res.Verdict != "unknown" || !strings.HasPrefix(res.Reason, "timeout") {
					t.Errorf("%s: %s (%q), want unknown (timeout...)", res.Variable, res.Verdict, res.Reason)
				}
			}
			for _, line := range strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n") {
				if line != "" && !strings.HasPrefix(line, "circ: ") {
					t.Errorf("progress line without \"circ: \": %q", line)
				}
			}
		})
	}
}

func TestCLICFA(t *testing.T) {
	file := examplesDir + "paper_figure1.c"
	r := runCLI(t, "cfa", file)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("cfa: exit %d, stderr %q", r.code, r.stderr)
	}
	templates := regexp.MustCompile(`(?m)^template (\w+) `).FindAllStringSubmatch(r.stdout, -1)
	if len(templates) != 2 || templates[0][1] != "main" || templates[1][1] != "thr" {
		t.Fatalf("cfa text: templates %v, want main and thr:\n%s", templates, r.stdout)
	}
	for _, w := range []string{"global x = 0", "global state = 0", "create thr", "atomic", "state := 1"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("cfa text lacks %q", w)
		}
	}

	for _, f := range []string{file, programsDir + "peterson_safe.c", writeC(t, "kw.c", `#include <pthread.h>
int x;
void *node(void *a) { x = 1; return 0; }
void *edge(void *a) { x = 2; return 0; }
int main(void) { pthread_t t, u; pthread_create(&t, 0, node, 0); pthread_create(&u, 0, edge, 0); return 0; }
`)} {
		text := runCLI(t, "cfa", "--format", "text", f)
		want := regexp.MustCompile(`(?m)^template (\w+) `).FindAllStringSubmatch(text.stdout, -1)
		r := runCLI(t, "cfa", "--format", "dot", f)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("cfa --format dot %s: exit %d, stderr %q", f, r.code, r.stderr)
		}
		ast, err := dot.ParseString(r.stdout)
		if err != nil {
			t.Fatalf("cfa --format dot %s: not DOT: %v\n%s", f, err, r.stdout)
		}
		if len(ast.Graphs) != len(want) {
			t.Fatalf("%s: %d graphs for %d templates", f, len(ast.Graphs), len(want))
		}
		for i, g := range ast.Graphs {
			if !g.Directed || strings.Trim(g.ID, `"`) != want[i][1] {
				t.Errorf("%s: graph %d is %q (directed %v), want digraph %s", f, i, g.ID, g.Directed, want[i][1])
			}
			if len(g.Stmts) == 0 {
				t.Errorf("%s: graph %s is empty", f, g.ID)
			}
		}
	}
}

func TestCLIUsageAndVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := runCLI(t, args...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "circ ") || strings.Count(r.stdout, "\n") != 1 || r.stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}

	r := runCLI(t)
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "Usage:") || !strings.Contains(r.stderr, "circ check") {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"--help"}, {"help"}, {"-h"}} {
		r := runCLI(t, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Usage:") {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
	for _, args := range [][]string{{"check", "--help"}, {"check", "-h"}, {"cfa", "--help"}} {
		r := runCLI(t, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Usage: circ "+args[0]) || r.stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	r = runCLI(t, "check", "--help")
	for _, flag := range []string{"--engine", "--race-def", "--var", "--format", "--timeout", "--jobs", "--k", "--max-k", "--plain-circ", "--threads", "--nondet-range", "--max-states", "--max-depth", "--quiet"} {
		if !strings.Contains(r.stdout, flag) {
			t.Errorf("check --help does not list %s", flag)
		}
	}
}

// TestCLIHandlesApart: an array of six thread handles is a summary; a
// variable it leaves unknown is checked again with each handle apart,
// and the verdict says so. The summary alone proves a join of every
// handle when all threads run one function; with two functions
// alternating, the proof needs each handle apart. The race on the
// worker left unjoined is found either way.
func TestCLIHandlesApart(t *testing.T) {
	const src = `#include <pthread.h>
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *idle(void *a) { return 0; }
void *locked(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
void *(*start[2])(void *) = {idle, locked};
int main(void) {
  pthread_t t[6];
  for (int i = 0; i < 6; i++) pthread_create(&t[i], 0, START, 0);
  for (int i = 0; i < JOINED; i++) pthread_join(t[i], 0);
  x = 2;
  return 0;
}
`
	tests := []struct {
		name, start, joined, verdict string
		apart                        string // "yes", "no" or "either"
	}{
		{"last worker unjoined", "start[i % 2]", "5", "race", "either"},
		{"every worker joined", "start[i % 2]", "6", "safe", "yes"},
		{"every worker of one function joined", "locked", "6", "safe", "no"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeC(t, "handles.c", strings.NewReplacer("START", tc.start, "JOINED", tc.joined).Replace(src))
			r := runCLI(t, "check", "--format", "json", "--var", "x", path)
			res := decodeReport(t, r.stdout).Results
			if len(res) != 1 || res[0].Verdict != tc.verdict {
				t.Fatalf("got %+v, want x %s\n%s", res, tc.verdict, r.stderr)
			}
			if apart := strings.Contains(res[0].Reason, "decided with each handle of main::t apart"); tc.apart != "either" && apart != (tc.apart == "yes") {
				t.Errorf("reason %q: checked with each handle apart %v, want %s", res[0].Reason, apart, tc.apart)
			}
			if tc.verdict == "race" && (res[0].Trace == nil || !res[0].Trace.Replayed) {
				t.Errorf("race without a replayed trace: %+v", res[0].Trace)
			}
		})
	}
}

// TestStaticCellsOnly: the retry with each handle apart names a
// variable alike in both lowerings only if it has static storage; a
// heap block's cells (several objects where a loop is unrolled) are not
// retried.
func TestStaticCellsOnly(t *testing.T) {
	p, err := cfront.Parse("t.c", []byte(`#include <pthread.h>
#include <stdlib.h>
int g, a[3];
int *shared;
void *w(void *p) { *(int *)p = 1; g = a[1]; return 0; }
int main(void) {
  pthread_t t[6];
  for (int i = 0; i < 6; i++) {
    int *b = malloc(sizeof *b);
    shared = b;
    pthread_create(&t[i], 0, w, b);
  }
  return 0;
}
`))
	if err != nil {
		t.Fatal(err)
	}
	static := staticCells(p)
	for _, name := range []string{"g", "a[1]", "shared"} {
		if v := p.Global(name); v == nil || !static[v] {
			t.Errorf("%s: not a static cell", name)
		}
	}
	heap := 0
	for _, v := range p.SharedMemory() {
		if strings.HasPrefix(v.Name, "malloc@") {
			heap++
			if static[v] {
				t.Errorf("%s: a heap cell taken as static", v.Name)
			}
		}
	}
	if heap == 0 {
		t.Errorf("no shared heap cell among %v", p.SharedMemory())
	}
}

// TestCLIHandlesApartElements: a race on the handles of an array
// summary that the summary leaves unknown is checked again on each
// handle by the CIRC engine, and the race of one of them is the verdict.
func TestCLIHandlesApartElements(t *testing.T) {
	path := writeC(t, "next.c", `#include <pthread.h>
pthread_t t[6];
void *w(void *arg) {
  long i = (long)arg;
  if (i < 5) {
    pthread_t next = t[i + 1];
    (void)next;
  }
  return 0;
}
int main(void) {
  for (long i = 0; i < 6; i++)
    pthread_create(&t[i], 0, w, (void *)i);
  return 0;
}
`)
	// Without the race hunt, which finds this race before the CIRC
	// engine runs: this is the CIRC engine's check of each handle.
	r := runCLI(t, "check", "--format", "json", "--explicit-stage=false", "--var", "t[*]", path)
	res := decodeReport(t, r.stdout).Results
	if len(res) != 1 || res[0].Verdict != "race" || res[0].Variable != "t[*]" || !strings.Contains(res[0].Reason, "the race is on t[") {
		t.Fatalf("got %+v, want t[*] race on one of its handles\n%s", res, r.stderr)
	}
	if res[0].Trace == nil || !res[0].Trace.Replayed {
		t.Errorf("race without a replayed trace: %+v", res[0].Trace)
	}
}

// TestVarBySourceLine: --var FILE:LINE checks every shared location an
// operation at that line accesses, and no other; a line that accesses
// none is bad input.
func TestVarBySourceLine(t *testing.T) {
	prog := programsDir + "char_pointer_walks_char_buffer_of_struct_race.c"
	r := runCLI(t, "check", "-q", "--format", "json", "--var", "char_pointer_walks_char_buffer_of_struct_race.c:24", prog)
	var rep struct {
		Results []struct{ Variable, Verdict string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	var got []string
	for _, res := range rep.Results {
		got = append(got, res.Variable+"="+res.Verdict)
	}
	sort.Strings(got)
	if want := "s.name[2]=safe s.name[3]=race seen=race"; strings.Join(got, " ") != want {
		t.Errorf("--var at line 24 checked %v, want %s", got, want)
	}
	assertBadInput(t, runCLI(t, "check", "--var", "char_pointer_walks_char_buffer_of_struct_race.c:3", prog), "--var", "no shared location is accessed at that line")
}

// TestTimeoutCoversReadingTheProgram: --timeout counts from the start,
// the front end included: a budget spent before the program is read
// ends the run with unknown (exit 20), not after the lowering.
func TestTimeoutCoversReadingTheProgram(t *testing.T) {
	r := runCLI(t, "check", "-q", "--timeout", "1ns", examplesDir+"paper_figure1.c")
	if r.code != 20 || !strings.Contains(r.stdout, "reading the program took longer than --timeout 1ns") {
		t.Errorf("exit %d, stdout:\n%s\nwant 20 and the reason", r.code, r.stdout)
	}
}

// TestLocksetStage: a location a common mutex orders is decided by the
// lockset stage, also when the program has an undefined-behaviour site
// and no location is left for the CIRC engine (the program's own check
// of that site still runs); --lockset-stage=false hands it to the CIRC
// engine.
func TestLocksetStage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "locked.c")
	src := `#include <pthread.h>
int g, a[2];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *arg) { pthread_mutex_lock(&m); g++; pthread_mutex_unlock(&m); return 0; }
int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); g++; pthread_mutex_unlock(&m);
  if (argc > 5) a[argc] = 1;
  return 0;
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := func(args ...string) (string, int) {
		r := runCLI(t, append([]string{"check", "-q", "--format", "json", "--var", "g"}, args...)...)
		var rep struct {
			Results []struct{ Variable, Verdict, Engine string }
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 1 {
			t.Fatalf("%v\n%s\n%s", err, r.stdout, r.stderr)
		}
		if rep.Results[0].Verdict != "safe" {
			t.Errorf("g is %s, want safe", rep.Results[0].Verdict)
		}
		return rep.Results[0].Engine, r.code
	}
	if e, code := engine(file); e != "lockset" || code == 10 {
		t.Errorf("g decided by %s (exit %d), want the lockset stage", e, code)
	}
	if e, _ := engine("--lockset-stage=false", file); e != "circ" {
		t.Errorf("g decided by %s with --lockset-stage=false, want circ", e)
	}
}

// TestExplicitStage: a race the CIRC engine leaves unknown (a join loop
// that skips every other handle) is found by the explicit stage, with a
// trace; --explicit-stage=false leaves it unknown.
func TestExplicitStage(t *testing.T) {
	file := programsDir + "join_loop_stepping_by_two_leaves_odd_handles_race.c"
	check := func(args ...string) (verdict, engine string, trace bool, code int) {
		r := runCLI(t, append([]string{"check", "-q", "--format", "json", "--var", "data"}, args...)...)
		var rep struct {
			Results []struct {
				Verdict, Engine string
				Trace           *json.RawMessage
			}
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 1 {
			t.Fatalf("%v\n%s\n%s", err, r.stdout, r.stderr)
		}
		res := rep.Results[0]
		return res.Verdict, res.Engine, res.Trace != nil, r.code
	}
	if v, e, trace, code := check(file); v != "race" || e != "explicit" || !trace || code != 10 {
		t.Errorf("data: %s by %s (trace %v, exit %d), want a race with a trace by the explicit stage (exit 10)", v, e, trace, code)
	}
	if v, e, _, code := check("--explicit-stage=false", file); v != "unknown" || e != "circ" || code != 20 {
		t.Errorf("data with --explicit-stage=false: %s by %s (exit %d), want unknown by circ (exit 20)", v, e, code)
	}
}

// TestRaceHunt: a race behind a loop of constant bound (the two threads
// lock different mutexes allocated in a loop), which the CIRC engine
// refutes one iteration per refinement, is found by the race hunt
// before it runs, with a replayed trace.
func TestRaceHunt(t *testing.T) {
	r := runCLI(t, "check", "-q", "--format", "json", "--var", "count", programsDir+"worker_and_main_lock_different_heap_mutexes_of_one_site_race.c")
	var rep struct {
		Results []struct {
			Verdict, Engine, Reason string
			Trace                   *json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 1 {
		t.Fatalf("%v\n%s\n%s", err, r.stdout, r.stderr)
	}
	res := rep.Results[0]
	if res.Verdict != "race" || res.Engine != "explicit" || res.Trace == nil || r.code != 10 || !strings.Contains(res.Reason, "race hunt") {
		t.Errorf("count: %s by %s (trace %v, exit %d, %q), want a race with a trace from the race hunt (exit 10)", res.Verdict, res.Engine, res.Trace != nil, r.code, res.Reason)
	}
}

// TestUnknownFunctionsHavoc: an undefined function given a void pointer
// is an error naming it by default, and under --unknown-functions havoc
// an approximation the report lists; a bad value is bad usage.
func TestUnknownFunctionsHavoc(t *testing.T) {
	prog := "../../testdata/havoc/unknown_function_havocs_object_behind_void_pointer_race.c"
	assertBadInput(t, runCLI(t, "check", prog), "undefined function fill", "void", "--unknown-functions havoc")
	r := runCLI(t, "check", "-q", "--unknown-functions", "havoc", prog)
	if r.code != 10 || !strings.Contains(r.stdout, "s.count:") || !strings.Contains(r.stdout, "under --unknown-functions havoc") {
		t.Errorf("exit %d, want a race on s.count and the approximation listed:\n%s", r.code, r.stdout)
	}
	assertBadInput(t, runCLI(t, "check", "--unknown-functions", "maybe", prog), "--unknown-functions", "error or havoc")
}

// TestNesCNamesAndPositions: on nescc's output circ names variables as
// the nesC programmer wrote them and gives positions in app.c and in
// the .nc file; --var takes either name, or a line of either file.
func TestNesCNamesAndPositions(t *testing.T) {
	prog := "../../testdata/mcu/nesc_output_names_and_positions_race.c"
	rep := decodeReport(t, runCLI(t, "check", "-q", "--format", "json", prog).stdout)
	if got := rep.verdicts(); got["BlinkC.counter"] != "race" || got["MainC.Queue.m_head"] != "safe" || len(got) != 2 {
		t.Fatalf("verdicts %v, want BlinkC.counter race and MainC.Queue.m_head safe", got)
	}
	var race []string
	for _, res := range rep.Results {
		if res.Trace != nil {
			for _, a := range res.Trace.Race {
				race = append(race, a.Pos)
			}
		}
	}
	want := "nesc_output_names_and_positions_race.c:18:3 (BlinkC.nc:41)"
	if !slices.ContainsFunc(race, func(p string) bool { return strings.HasSuffix(p, want) }) {
		t.Errorf("race accesses at %v, want one at %s", race, want)
	}
	for _, sel := range []string{"BlinkC.counter", "BlinkC__counter", "BlinkC.nc:41", "nesc_output_names_and_positions_race.c:18"} {
		rep := decodeReport(t, runCLI(t, "check", "-q", "--format", "json", "--var", sel, prog).stdout)
		if got := rep.verdicts(); len(got) != 1 || got["BlinkC.counter"] != "race" {
			t.Errorf("--var %s checked %v, want BlinkC.counter only", sel, got)
		}
	}
}

// TestReadingShowsItsStages: load writes a line as each stage of reading
// ends, the ranges stage with the sites it removed.
func TestReadingShowsItsStages(t *testing.T) {
	var out bytes.Buffer
	if _, err := load("../../testdata/programs/index_past_end_on_one_path_is_undefined_safe.c", cfront.Options{}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^circ: reading index_past_end_on_one_path_is_undefined_safe\.c: parsed \(`),
		regexp.MustCompile(`(?m)^circ: reading \S+: lowered \d+ thread templates, \d+ locations, \d+ edges \(`),
		regexp.MustCompile(`(?m)^circ: reading \S+: ranges stage: (\d+ undefined-behaviour sites unreachable|did not settle: no site removed) \(`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("no line matching %s in\n%s", want, out.String())
		}
	}
}

// TestUnmodelledMemoryMakesProofsUnknown: byte arithmetic that may leave
// the bytes circ lays out as cells is a site where its model of memory
// ends. A run that reaches it (a walk from a char member into an int)
// leaves every proof unknown and is listed as such a finding, with its
// replayed run; one the CIRC engine proves unreachable leaves the
// proofs as they are.
func TestUnmodelledMemoryMakesProofsUnknown(t *testing.T) {
	type finding struct {
		Kind    string
		Reached bool
	}
	check := func(file string) (verdict string, findings []finding, code int) {
		r := runCLI(t, "check", "-q", "--format", "json", "--var", "g", programsDir+file)
		var rep struct {
			Results  []struct{ Verdict string }
			Findings []finding
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Results) != 1 {
			t.Fatalf("%s: %v\n%s\n%s", file, err, r.stdout, r.stderr)
		}
		return rep.Results[0].Verdict, rep.Findings, r.code
	}
	v, fs, code := check("byte_walk_from_char_member_into_int_leaves_circs_model_safe.c")
	if v != "unknown" || code != 20 || len(fs) != 1 || fs[0].Kind != "unmodelled-memory" || !fs[0].Reached {
		t.Errorf("a walk out of the bytes: g %s (exit %d), findings %+v; want unknown (exit 20) and one reached unmodelled-memory finding", v, code, fs)
	}
	v, fs, code = check("byte_offset_back_to_last_tag_byte_stays_in_bytes_safe.c")
	if v != "safe" || code != 0 || len(fs) != 0 {
		t.Errorf("arithmetic that stays in the bytes: g %s (exit %d), findings %+v; want safe (exit 0), no finding", v, code, fs)
	}
	// Past the site the worker's walk writes r.len, which main reads:
	// a race on a location circ's model never sees shared, so the
	// program itself is unknown, not an empty list of locations.
	prog := writeC(t, "walk_into_len.c", "#include <pthread.h>\nstruct rec { unsigned char tag[4]; int len; } r;\n"+
		"void clear(unsigned char *p, int n) { for (int i = 0; i < n; i++) p[i] = 0; }\n"+
		"void *worker(void *a) { clear((unsigned char *)&r, sizeof r); return 0; }\n"+
		"int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int x = r.len; pthread_join(t, 0); return x; }\n")
	r := runCLI(t, "check", "-q", "--format", "json", prog)
	rep := decodeReport(t, r.stdout)
	if got := rep.verdicts(); r.code != 20 || got["(program)"] != "unknown" || len(got) != 1 {
		t.Errorf("no location shared in circ's model, a site reached: verdicts %v (exit %d), want the program unknown (exit 20)", got, r.code)
	}
}
