package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const svcompDir = "../../testdata/svcomp/"

var updateRecordings = flag.Bool("update", false, "rewrite contrib/benchexec/testdata/*.out from circ's current output")

// TestSVCOMPTasks runs check on task definitions: the verdict line, the
// comparison with the task's expected verdict, and the exit status.
func TestSVCOMPTasks(t *testing.T) {
	for _, tc := range []struct {
		task, cfile, result, expected string
		code                          int
	}{
		{"flag_handoff_race.yml", svcompDir + "flag_handoff_race.c", "RESULT: false(no-data-race)", "circ agrees with the expected verdict false", 10},
		{"mutex_counter.yml", svcompDir + "mutex_counter.c", "RESULT: true", "circ agrees with the expected verdict true", 0},
		// input_files is relative to the task's folder.
		{"heap_list_walk.yml", programsDir + "heap_list_built_in_loop_walked_under_lock_safe.c", "RESULT: unknown", "circ does not decide the expected verdict true", 20},
	} {
		t.Run(tc.task, func(t *testing.T) {
			r := runCLI(t, "check", "--svcomp", "-q", svcompDir+tc.task)
			if r.code != tc.code {
				t.Errorf("exit status %d, want %d", r.code, tc.code)
			}
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			if last := lines[len(lines)-1]; last != tc.result {
				t.Errorf("last line %q, want %q", last, tc.result)
			}
			if !strings.Contains(r.stdout, tc.expected) {
				t.Errorf("stdout lacks %q:\n%s", tc.expected, r.stdout)
			}
			// The C file of the task is what the report names.
			if lines[0] != filepath.Clean(tc.cfile) {
				t.Errorf("report starts with %q, want the task's C file %q", lines[0], filepath.Clean(tc.cfile))
			}
		})
	}
}

// TestSVCOMPBadTasks: a task or flag circ cannot honour is bad input,
// never a check of something else.
func TestSVCOMPBadTasks(t *testing.T) {
	prp := svcompDir + "properties/"
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"other property only", []string{svcompDir + "only_unreach_call.yml"}, []string{"unreach-call.prp", "not supported", "no-data-race"}},
		{"two input files", []string{svcompDir + "two_inputs.yml"}, []string{"2 input files"}},
		{"not C", []string{svcompDir + "java_task.yml"}, []string{"language Java"}},
		{"missing input", []string{svcompDir + "missing_input.yml"}, []string{"no_such_file.c", "no such file"}},
		{"missing task", []string{svcompDir + "no_such_task.yml"}, []string{"no_such_task.yml", "cannot read task"}},
		{"not a task", []string{"--svcomp", "../../go.mod.yml"}, []string{"go.mod.yml"}},
		{"property flag", []string{"--property", prp + "unreach-call.prp", svcompDir + "mutex_counter.c"}, []string{"--property", "not supported"}},
		{"missing property", []string{"--property", prp + "nope.prp", svcompDir + "mutex_counter.c"}, []string{"nope.prp"}},
		{"data model", []string{"--data-model", "ILP64", svcompDir + "mutex_counter.c"}, []string{"--data-model", "ILP64"}},
		{"data model against task", []string{"--data-model", "LP64", svcompDir + "mutex_counter.yml"}, []string{"contradicts", "ILP32"}},
		{"race-def circ", []string{"--race-def", "circ", svcompDir + "mutex_counter.yml"}, []string{"race-def svcomp"}},
		{"svcomp with var", []string{"--svcomp", "--var", "counter", svcompDir + "mutex_counter.c"}, []string{"--var"}},
		{"svcomp with json", []string{"--svcomp", "--format", "json", svcompDir + "mutex_counter.c"}, []string{"--format json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertBadInput(t, runCLI(t, append([]string{"check", "-q"}, tc.args...)...), tc.want...)
		})
	}
}

// TestSVCOMPTaskYAMLErrors covers malformed task files.
func TestSVCOMPTaskYAMLErrors(t *testing.T) {
	dir := t.TempDir()
	abs, err := filepath.Abs(svcompDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, yml, want string }{
		{"unknown key", "format_version: '2.0'\ninput_files: x.c\nbogus: 1\n", "bogus"},
		{"old format", "format_version: '1.0'\ninput_files: x.c\n", "format_version"},
		{"no inputs", "format_version: '2.0'\nproperties:\n  - property_file: " + abs + "/properties/no-data-race.prp\n", "no input file"},
		{"bad verdict", "format_version: '2.0'\ninput_files: " + abs + "/mutex_counter.c\nproperties:\n  - property_file: " + abs + "/properties/no-data-race.prp\n    expected_verdict: maybe\n", "expected_verdict: want true or false"},
		{"required files are accepted, a property pattern must name one file", "format_version: '2.0'\ninput_files: " + abs + "/mutex_counter.c\nrequired_files: [x.h]\nproperties:\n  - property_file: " + abs + "/properties/*.prp\n", "names 2 files"},
		{"listed twice", "format_version: '2.0'\ninput_files: " + abs + "/mutex_counter.c\nproperties:\n  - property_file: " + abs + "/properties/no-data-race.prp\n  - property_file: " + abs + "/properties/no-data-race.prp\n", "twice"},
		{"verdict list", "format_version: '2.0'\ninput_files: " + abs + "/mutex_counter.c\nproperties:\n  - property_file: " + abs + "/properties/no-data-race.prp\n    expected_verdict: [true]\n", "line 5: expected_verdict"},
		{"subproperty", "format_version: '2.0'\ninput_files: " + abs + "/mutex_counter.c\nproperties:\n  - property_file: " + abs + "/properties/no-data-race.prp\n    subproperty: valid-free\n", "subproperty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".yml")
			if err := os.WriteFile(path, []byte(tc.yml), 0o644); err != nil {
				t.Fatal(err)
			}
			// Absolute input paths must work too: Join keeps them.
			assertBadInput(t, runCLI(t, "check", "-q", path), tc.want)
		})
	}
}

// TestBenchExecRecordings keeps the recorded outputs that the BenchExec
// tool-info module's test parses (contrib/benchexec) true to circ: each
// recorded command is rerun and must give the same exit status and
// RESULT line. With -update the recordings are rewritten.
func TestBenchExecRecordings(t *testing.T) {
	dir := "../../contrib/benchexec/testdata/"
	f, err := os.Open(dir + "recordings.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			t.Fatalf("recordings.tsv: bad line %q", line)
		}
		name, args := fields[0], strings.Fields(fields[2])
		n++
		t.Run(name, func(t *testing.T) {
			r := runCLI(t, args...)
			got := fmt.Sprintf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			path := dir + name + ".out"
			if *updateRecordings {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			if a, b := summary(string(want)), summary(got); a != b {
				t.Errorf("recording %s is stale: recorded %q, circ now gives %q (run with -update)", name, a, b)
			}
		})
	}
	if n < 6 {
		t.Errorf("only %d recordings", n)
	}
}

// summary is what a recording must keep: the exit status, the RESULT
// line and any error line (timings vary between runs).
func summary(out string) string {
	var keep []string
	for i, l := range strings.Split(out, "\n") {
		if i == 0 || strings.HasPrefix(l, "RESULT: ") || strings.HasPrefix(l, "circ: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, " | ")
}

// TestSVCOMPHandleRace: a pthread_t global that a thread reads while
// main's pthread_create stores into it is a race like one on data.
func TestSVCOMPHandleRace(t *testing.T) {
	r := runCLI(t, "check", "--svcomp", "-q", svcompDir+"handle_read_by_thread.yml")
	for _, want := range []string{"t1:          RACE", "RESULT: false(no-data-race)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
}

// TestMallocMayFail: an allocation may fail unless --malloc-may-fail=false
// or SV-COMP (--svcomp, a task) says it never does; the report lists
// the assumption, and a block written without a test for null is then
// no finding.
func TestMallocMayFail(t *testing.T) {
	prog := svcompDir + "malloc_result_used_unchecked.c"
	for _, tc := range []struct {
		args             []string
		assumes, finding bool
		code             int
	}{
		{nil, false, true, 20},
		{[]string{"--malloc-may-fail=false"}, true, false, 0},
		{[]string{"--svcomp"}, true, false, 0},
		{[]string{"--svcomp", "--malloc-may-fail"}, false, true, 20},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCLI(t, append(append([]string{"check", "-q"}, tc.args...), prog)...)
			if r.code != tc.code {
				t.Errorf("exit status %d, want %d\n%s", r.code, tc.code, r.stdout)
			}
			if got := strings.Contains(r.stdout, "assumption: allocations never fail"); got != tc.assumes {
				t.Errorf("assumption listed: %v, want %v\n%s", got, tc.assumes, r.stdout)
			}
			if got := strings.Contains(r.stdout, "*slot is no valid int object"); got != tc.finding {
				t.Errorf("null write a finding: %v, want %v\n%s", got, tc.finding, r.stdout)
			}
		})
	}
}
