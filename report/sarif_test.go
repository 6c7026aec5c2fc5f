package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"circ/report"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var (
	schemaOnce sync.Once
	schema     *jsonschema.Schema
	schemaErr  error
)

// sarifSchema compiles the official SARIF 2.1.0 schema (testdata), with
// its formats (uri, date-time) asserted.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	schemaOnce.Do(func() {
		f, err := os.Open("testdata/sarif-schema-2.1.0.json")
		if err != nil {
			schemaErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			schemaErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
		if schemaErr = c.AddResource(url, doc); schemaErr == nil {
			schema, schemaErr = c.Compile(url)
		}
	})
	if schemaErr != nil {
		t.Fatalf("SARIF schema: %v", schemaErr)
	}
	return schema
}

func validateSARIF(t *testing.T, log []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return sarifSchema(t).Validate(inst)
}

// The parts of a SARIF log the tests look at.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExitCode      int `json:"exitCode"`
			Notifications []struct {
				Descriptor struct {
					ID string `json:"id"`
				} `json:"descriptor"`
				Level     string          `json:"level"`
				Message   sarifMessage    `json:"message"`
				Locations []sarifLocation `json:"locations"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string          `json:"ruleId"`
			Level     string          `json:"level"`
			Message   sarifMessage    `json:"message"`
			Locations []sarifLocation `json:"locations"`
			CodeFlows []struct {
				ThreadFlows []struct {
					ID        string `json:"id"`
					Locations []struct {
						Location       sarifLocation `json:"location"`
						ExecutionOrder int           `json:"executionOrder"`
						RawState       map[string]struct {
							Text string `json:"text"`
						} `json:"state"`
						Importance string `json:"importance"`
					} `json:"locations"`
				} `json:"threadFlows"`
			} `json:"codeFlows"`
		} `json:"results"`
	} `json:"runs"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	Physical *struct {
		Artifact struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine   int `json:"startLine"`
			StartColumn int `json:"startColumn"`
		} `json:"region"`
	} `json:"physicalLocation"`
	Message *sarifMessage `json:"message"`
}

// pos is the location as file:line:col, as circ prints positions.
func (l sarifLocation) pos() string {
	if l.Physical == nil {
		return "-"
	}
	p := l.Physical
	return fmt.Sprintf("%s:%d:%d", p.Artifact.URI, p.Region.StartLine, p.Region.StartColumn)
}

func writeSARIF(t *testing.T, rep *report.Report) ([]byte, sarifLog) {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteSARIF(&b, "9.9.9"); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("want one run with one invocation:\n%s", b.Bytes())
	}
	return b.Bytes(), log
}

// TestSARIFValid checks circ's SARIF for real verdicts against the
// official schema, and that the races and the other verdicts land where
// they belong.
func TestSARIFValid(t *testing.T) {
	tests := []struct {
		file  string
		races []string // variables with a race result
		notes []string // "variable: verdict" notifications
	}{
		{"../examples/paper_figure1.c", []string{"state"}, []string{"x: safe"}},
		{"../testdata/programs/flag_plain_race.c", []string{"flag"}, []string{"data: safe"}},
		{"../testdata/programs/mutex_protected_safe.c", nil, []string{"counter: safe"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			rep := checkFile(t, tt.file)
			raw, log := writeSARIF(t, rep)
			if err := validateSARIF(t, raw); err != nil {
				t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, raw)
			}
			run := log.Runs[0]
			if log.Version != "2.1.0" || run.Tool.Driver.Name != "circ" || run.Tool.Driver.Version != "9.9.9" {
				t.Errorf("version %q, tool %q %q", log.Version, run.Tool.Driver.Name, run.Tool.Driver.Version)
			}
			if inv := run.Invocations[0]; inv.ExitCode != rep.ExitStatus() {
				t.Errorf("exitCode %d, want %d", inv.ExitCode, rep.ExitStatus())
			}
			var races []string
			for _, r := range run.Results {
				if r.RuleID != "data-race" || r.Level != "error" {
					t.Errorf("result rule %q level %q", r.RuleID, r.Level)
				}
				for _, v := range tt.races {
					if strings.HasPrefix(r.Message.Text, "Data race on "+v+":") {
						races = append(races, v)
					}
				}
			}
			if fmt.Sprint(races) != fmt.Sprint(tt.races) || len(run.Results) != len(tt.races) {
				t.Errorf("race results for %v, want %v", races, tt.races)
			}
			var notes []string
			for _, n := range run.Invocations[0].Notifications {
				notes = append(notes, n.Message.Text)
			}
			for _, want := range tt.notes {
				found := false
				for _, n := range notes {
					found = found || strings.HasPrefix(n, want+": ")
				}
				if !found {
					t.Errorf("no notification %q in %q", want, notes)
				}
			}
		})
	}
}

// TestSARIFRaceContent checks a race result against the trace it
// renders: one thread flow per thread, each thread's steps in order,
// and both racing accesses as the result's locations and as the last
// locations of their threads' flows.
func TestSARIFRaceContent(t *testing.T) {
	for _, tt := range []struct{ file, x string }{
		{"../examples/paper_figure1.c", "state"},
		{"../testdata/programs/flag_plain_race.c", "flag"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			rep := checkFile(t, tt.file)
			tr := result(t, rep, tt.x).Trace
			if tr == nil || len(tr.Race) != 2 {
				t.Fatalf("%s: want a race on %s with two accesses", tt.file, tt.x)
			}
			_, log := writeSARIF(t, rep)
			res := log.Runs[0].Results[0]
			// The racing accesses: the result's locations, in order.
			if len(res.Locations) != 2 {
				t.Fatalf("%d locations, want the 2 racing accesses", len(res.Locations))
			}
			for i, a := range tr.Race {
				if got := res.Locations[i].pos(); got != a.Pos {
					t.Errorf("location %d at %s, want the racing access at %s", i, got, a.Pos)
				}
				if m := res.Locations[i].Message; m == nil || !strings.Contains(m.Text, a.Thread) || !strings.Contains(m.Text, a.Op) {
					t.Errorf("location %d message %v does not name %s and %q", i, m, a.Thread, a.Op)
				}
			}
			if len(res.CodeFlows) != 1 {
				t.Fatalf("%d code flows, want 1", len(res.CodeFlows))
			}
			threads := map[string]bool{}
			for _, s := range tr.Steps {
				threads[s.Thread] = true
			}
			for _, a := range tr.Race {
				threads[a.Thread] = true
			}
			flows := res.CodeFlows[0].ThreadFlows
			if len(flows) != len(threads) || len(flows) > tr.Threads {
				t.Errorf("%d thread flows, want one per thread of the trace (%d; %d threads in all)", len(flows), len(threads), tr.Threads)
			}
			steps := 0
			for _, f := range flows {
				if !threads[f.ID] {
					t.Errorf("thread flow %q is no thread of the trace", f.ID)
				}
				prev := 0
				for i, l := range f.Locations {
					if l.ExecutionOrder <= prev {
						t.Errorf("%s: executionOrder %d after %d", f.ID, l.ExecutionOrder, prev)
					}
					prev = l.ExecutionOrder
					if l.ExecutionOrder > len(tr.Steps) {
						continue // a racing access, below
					}
					steps++
					s := tr.Steps[l.ExecutionOrder-1]
					if s.Thread != f.ID || l.Location.pos() != s.Pos || l.Location.Message == nil || l.Location.Message.Text != s.Op {
						t.Errorf("%s location %d: %s %v, want step %d of %s at %s: %s", f.ID, i, l.Location.pos(), l.Location.Message, s.Step, s.Thread, s.Pos, s.Op)
					}
					if len(l.RawState) != len(s.Values) {
						t.Errorf("step %d: state %v, want %v", s.Step, l.RawState, s.Values)
					}
					for _, v := range s.Values {
						name, value, _ := strings.Cut(v, "=")
						if l.RawState[name].Text != value {
							t.Errorf("step %d: state[%s] = %q, want %q", s.Step, name, l.RawState[name].Text, value)
						}
					}
				}
			}
			if steps != len(tr.Steps) {
				t.Errorf("%d steps in the thread flows, want %d", steps, len(tr.Steps))
			}
			for _, a := range tr.Race {
				var last int = -1
				for _, f := range flows {
					if f.ID == a.Thread {
						l := f.Locations[len(f.Locations)-1]
						last = l.ExecutionOrder
						if l.Location.pos() != a.Pos || l.Importance != "essential" {
							t.Errorf("%s's flow ends at %s (%s), want the racing access at %s", a.Thread, l.Location.pos(), l.Importance, a.Pos)
						}
					}
				}
				if last != len(tr.Steps)+1 {
					t.Errorf("%s's racing access has executionOrder %d, want %d", a.Thread, last, len(tr.Steps)+1)
				}
			}
		})
	}
}

// TestSARIFNotifications covers what real runs of the test programs do
// not show: unknown verdicts, the front end's approximations, an
// explicit-engine race, positions with odd characters, and that the
// schema catches a broken log.
func TestSARIFNotifications(t *testing.T) {
	rep := &report.Report{
		File:           "dir with space/a.c",
		Approximations: []string{"dir with space/a.c:7:3: memory_order_relaxed read as memory_order_seq_cst", "no position here"},
		Results: []report.Result{
			{Variable: "u", Verdict: report.Unknown, Engine: "circ", RaceDef: "svcomp", Reason: "timeout"},
			{Variable: "r", Verdict: report.Race, Engine: "explicit", RaceDef: "circ", States: 12, Depth: 3, Trace: &report.Trace{
				Steps: []report.Step{
					{Step: 1, Thread: "main#1", Pos: "dir with space/a.c:9:1", Op: "t := create w(0)", Values: []string{"t=2"}},
					{Step: 2, Thread: "w#1", Pos: "-", Op: "skip"},
				},
				Race:    []report.Access{{Thread: "w#1", Pos: "/abs/b.c:3:4", Op: "r := 1", Write: true}, {Thread: "main#1", Pos: "dir with space/a.c:10:2", Op: "x := r"}},
				Threads: 2,
			}},
		},
	}
	raw, log := writeSARIF(t, rep)
	if err := validateSARIF(t, raw); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, raw)
	}
	run := log.Runs[0]
	var ids []string
	for _, n := range run.Invocations[0].Notifications {
		ids = append(ids, n.Descriptor.ID+"/"+n.Level)
	}
	if want := "[approximation/warning approximation/warning verdict-unknown/warning]"; fmt.Sprint(ids) != want {
		t.Errorf("notifications %v, want %s", ids, want)
	}
	n := run.Invocations[0].Notifications
	if len(n[0].Locations) != 1 || n[0].Locations[0].pos() != "dir%20with%20space/a.c:7:3" || len(n[1].Locations) != 0 {
		t.Errorf("approximation locations %+v, %+v", n[0].Locations, n[1].Locations)
	}
	if !strings.Contains(n[2].Message.Text, "timeout") {
		t.Errorf("unknown notification %q does not give the reason", n[2].Message.Text)
	}
	res := run.Results[0]
	if got := res.Locations[0].pos(); got != "file:///abs/b.c:3:4" {
		t.Errorf("absolute position as %s", got)
	}

	// A level SARIF does not have must fail, or the validation above
	// proves nothing.
	broken := bytes.Replace(raw, []byte(`"level": "error"`), []byte(`"level": "fatal"`), 1)
	if bytes.Equal(broken, raw) {
		t.Fatal("no result level to break")
	}
	if err := validateSARIF(t, broken); err == nil {
		t.Error("the schema accepts a result with level \"fatal\"")
	}
}
