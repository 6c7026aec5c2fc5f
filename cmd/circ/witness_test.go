package main

// The --witness flag of circ check: the format from the file name, a
// witness of the first race (the racing accesses of the JSON report are
// its targets), no file and a note when nothing races, and one-line
// errors for a bad name or an unwritable file.

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestWitnessFlag(t *testing.T) {
	const prog = programsDir + "wrong_lock_race.c"
	dir := t.TempDir()

	t.Run("yaml", func(t *testing.T) {
		name := filepath.Join(dir, "w.yml")
		r := runCLI(t, "check", "-q", "--format", "json", "--witness", name, prog)
		if r.code != 10 {
			t.Fatalf("exit %d, want 10; stderr %q", r.code, r.stderr)
		}
		var rep jsonReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatal(err)
		}
		var race []string
		for _, res := range rep.Results {
			if res.Verdict == "race" {
				for _, a := range res.Trace.Race {
					race = append(race, a.Pos)
				}
				break
			}
		}
		var doc []struct {
			EntryType string `yaml:"entry_type"`
			Metadata  struct {
				FormatVersion string `yaml:"format_version"`
				Producer      struct{ Name, Version string }
			}
			Content []struct {
				Segment []struct {
					Waypoint struct {
						Type     string
						Location struct {
							FileName string `yaml:"file_name"`
							Line     int
							Column   int
						}
					}
				}
			}
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, &doc); err != nil || len(doc) != 1 {
			t.Fatalf("witness is not one YAML entry (%v):\n%s", err, b)
		}
		e := doc[0]
		if e.EntryType != "violation_sequence" || e.Metadata.FormatVersion != "2.2" ||
			e.Metadata.Producer.Name+" "+e.Metadata.Producer.Version != version {
			t.Errorf("entry %+v", e)
		}
		final := e.Content[len(e.Content)-1].Segment
		var targets []string
		for _, s := range final {
			l := s.Waypoint.Location
			targets = append(targets, fmt.Sprintf("%s:%d:%d", l.FileName, l.Line, l.Column))
		}
		if strings.Join(targets, " ") != strings.Join(race, " ") {
			t.Errorf("targets %v, want the report's racing accesses %v", targets, race)
		}
	})

	t.Run("graphml", func(t *testing.T) {
		name := filepath.Join(dir, "w.graphml")
		if r := runCLI(t, "check", "-q", "--witness", name, "--data-model", "ILP32", prog); r.code != 10 {
			t.Fatalf("exit %d, want 10; stderr %q", r.code, r.stderr)
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			XMLName xml.Name `xml:"graphml"`
			Data    []struct {
				Key   string `xml:"key,attr"`
				Value string `xml:",chardata"`
			} `xml:"graph>data"`
		}
		if err := xml.Unmarshal(b, &g); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range g.Data {
			if d.Key == "architecture" {
				found = d.Value == "32bit"
			}
		}
		if !found {
			t.Errorf("architecture is not 32bit:\n%s", b)
		}
	})

	t.Run("no race", func(t *testing.T) {
		name := filepath.Join(dir, "safe.yml")
		r := runCLI(t, "check", "-q", "--witness", name, programsDir+"mutex_protected_safe.c")
		if r.code != 0 || !strings.Contains(r.stderr, "no race found") {
			t.Errorf("exit %d, stderr %q; want 0 and a note", r.code, r.stderr)
		}
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Errorf("a witness was written for a safe program (%v)", err)
		}
	})

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown extension", []string{"--witness", filepath.Join(dir, "w.json")}, "--witness"},
		{"no extension", []string{"--witness", filepath.Join(dir, "witness")}, ".graphml"},
		{"data model", []string{"--witness", filepath.Join(dir, "w.yml"), "--data-model", "LP32"}, "ILP32"},
		{"unwritable", []string{"--witness", filepath.Join(dir, "missing", "w.yml")}, "--witness"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, append(append([]string{"check", "-q"}, tc.args...), prog)...)
			assertBadInput(t, r, tc.want)
		})
	}
}
