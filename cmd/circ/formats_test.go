package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/formats/dot"
)

// TestCLISARIFAndHTML runs 'circ check --format sarif|html' next to
// --format json: same exit status, a SARIF result per race and a
// notification per other verdict, an HTML page with a row per trace
// step. (report's tests validate the SARIF against the schema and load
// the HTML in a browser.)
func TestCLISARIFAndHTML(t *testing.T) {
	for _, tt := range []struct {
		file   string
		engine string
	}{
		{examplesDir + "paper_figure1.c", "circ"},
		{programsDir + "flag_plain_race.c", "explicit"},
		{programsDir + "mutex_protected_safe.c", "circ"},
	} {
		t.Run(tt.file+" "+tt.engine, func(t *testing.T) {
			js := runCLI(t, "check", "-q", "--engine", tt.engine, "--format", "json", tt.file)
			var rep struct {
				jsonReport
				Approximations []string `json:"approximations"`
			}
			if err := json.Unmarshal([]byte(js.stdout), &rep); err != nil {
				t.Fatal(err)
			}
			races, others, steps := 0, 0, 0
			for _, r := range rep.Results {
				if r.Verdict == "race" {
					races++
					steps += len(r.Trace.Steps)
				} else {
					others++
				}
			}

			sr := runCLI(t, "check", "-q", "--engine", tt.engine, "--format", "sarif", tt.file)
			if sr.code != js.code || sr.stderr != "" {
				t.Errorf("sarif: exit %d (json %d), stderr %q", sr.code, js.code, sr.stderr)
			}
			var log struct {
				Version string `json:"version"`
				Runs    []struct {
					Tool struct {
						Driver struct {
							Version string `json:"version"`
						} `json:"driver"`
					} `json:"tool"`
					Invocations []struct {
						Notifications []json.RawMessage `json:"toolExecutionNotifications"`
					} `json:"invocations"`
					Results []json.RawMessage `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal([]byte(sr.stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
				t.Fatalf("sarif: %v\n%s", err, sr.stdout)
			}
			run := log.Runs[0]
			if log.Version != "2.1.0" || "circ "+run.Tool.Driver.Version != version {
				t.Errorf("sarif version %q, tool version %q", log.Version, run.Tool.Driver.Version)
			}
			if len(run.Results) != races || len(run.Invocations[0].Notifications) != others+len(rep.Approximations) {
				t.Errorf("sarif: %d results, %d notifications; want %d races, %d others", len(run.Results), len(run.Invocations[0].Notifications), races, others)
			}

			h := runCLI(t, "check", "-q", "--engine", tt.engine, "--format", "html", tt.file)
			if h.code != js.code || h.stderr != "" || !strings.HasPrefix(h.stdout, "<!DOCTYPE html>") || !strings.HasSuffix(strings.TrimSpace(h.stdout), "</html>") {
				t.Fatalf("html: exit %d (json %d), stderr %q, page %.80q", h.code, js.code, h.stderr, h.stdout)
			}
			if n := strings.Count(h.stdout, `<tr class="step">`); n != steps {
				t.Errorf("html: %d step rows, want %d", n, steps)
			}
			if n := strings.Count(h.stdout, `<tr class="verdict">`); n != len(rep.Results) {
				t.Errorf("html: %d verdict rows, want %d", n, len(rep.Results))
			}
			// Only the circ engine has ACFAs.
			if acfas := strings.Contains(h.stdout, "Final context ACFAs"); acfas != (tt.engine == "circ") {
				t.Errorf("html: ACFA section %v with engine %s", acfas, tt.engine)
			}
		})
	}
}

// TestCLIACFA checks 'circ acfa': an ACFA per template for each
// variable, as text or as DOT that parses, --var, check's exit status,
// and its bad input.
func TestCLIACFA(t *testing.T) {
	file := examplesDir + "paper_figure1.c" // templates main and thr; x safe, state race
	text := runCLI(t, "acfa", "-q", file)
	if text.code != 10 || text.stderr != "" {
		t.Fatalf("acfa: exit %d, stderr %q", text.code, text.stderr)
	}
	got := regexp.MustCompile(`(?m)^(\w+): (SAFE|RACE|UNKNOWN)|^  ACFA of (\w+):`).FindAllStringSubmatch(text.stdout, -1)
	var seq []string
	for _, m := range got {
		seq = append(seq, m[1]+m[2]+m[3])
	}
	if want := "[xSAFE main thr stateRACE main thr]"; "["+strings.Join(seq, " ")+"]" != want {
		t.Errorf("acfa text: %v, want %s\n%s", seq, want, text.stdout)
	}
	if !strings.Contains(text.stdout, "predicates: state == 0") || !strings.Contains(text.stdout, "acfa of template 1") {
		t.Errorf("acfa text lacks the predicates or the ACFA listing:\n%s", text.stdout)
	}

	d := runCLI(t, "acfa", "-q", "--format", "dot", "--var", "x", file)
	if d.code != 0 || d.stderr != "" {
		t.Fatalf("acfa --format dot --var x: exit %d, stderr %q", d.code, d.stderr)
	}
	ast, err := dot.ParseString(d.stdout)
	if err != nil {
		t.Fatalf("not DOT: %v\n%s", err, d.stdout)
	}
	var ids []string
	for _, g := range ast.Graphs {
		if !g.Directed || len(g.Stmts) == 0 {
			t.Errorf("graph %s: directed %v, %d statements", g.ID, g.Directed, len(g.Stmts))
		}
		ids = append(ids, g.ID)
	}
	if want := `["x: main" "x: thr"]`; "["+strings.Join(ids, " ")+"]" != want {
		t.Errorf("graphs %v, want %s", ids, want)
	}

	h := runCLI(t, "acfa", "--help")
	if h.code != 0 || !strings.Contains(h.stdout, "Usage: circ acfa") || !strings.Contains(h.stdout, "--var") || strings.Contains(h.stdout, "--engine") {
		t.Errorf("acfa --help: exit %d\n%s", h.code, h.stdout)
	}
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"acfa", "--format", "json", file}, []string{"--format", "json"}},
		{[]string{"acfa", "--engine", "explicit", file}, []string{"explicit"}},
		{[]string{"acfa", "--var", "nosuch", file}, []string{"nosuch"}},
		{[]string{"acfa"}, []string{"input file"}},
		{[]string{"check", "--format", "svg", file}, []string{"--format", "sarif", "html", "svg"}},
	} {
		assertBadInput(t, runCLI(t, tt.args...), tt.want...)
	}
}
