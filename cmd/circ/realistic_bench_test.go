package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"circ/internal/expect"
	"circ/interp"
	"circ/report"
)

// realisticDir holds programs of 50-150 lines in the style of real
// code (a thread pool, a ring buffer, lazy initialization), each safe one
// with a race variant: issue 34's measure of what the checker decides on
// synchronization as programs write it.
const realisticDir = "../../testdata/realistic"

// BenchmarkRealisticPrograms runs `circ check --timeout 60s` on each
// realistic program under both race definitions, as a user would (the
// minute covers the whole program):
//
//	go test -run '^$' -bench RealisticPrograms -benchtime 1x ./cmd/circ
//
// It reports the expected verdicts decided and left unknown (-v names
// the unknown ones), and fails on a wrong one (a race where the header
// says safe, or the reverse).
func BenchmarkRealisticPrograms(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(realisticDir, "*.c"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no programs in %s: %v", realisticDir, err)
	}
	for _, file := range files {
		m, err := expect.Load(file)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".c")
		for _, def := range expect.Defs {
			b.Run(name+"/"+def.String(), func(b *testing.B) {
				decided, unknown := 0, 0
				for i := 0; i < b.N; i++ {
					got := checkVerdicts(b, file, def)
					for _, v := range m.Vars {
						want, ok := m.Expect[def][v]
						if !ok {
							continue
						}
						switch g := got[v]; {
						case g == want:
							decided++
						case g == report.Unknown || g == "":
							unknown++
							b.Logf("%s: %s is unknown, want %s", name, v, want)
						default:
							b.Errorf("%s: %s is %s under --race-def %s, want %s", file, v, g, def, want)
						}
					}
				}
				b.ReportMetric(float64(decided)/float64(b.N), "decided/op")
				b.ReportMetric(float64(unknown)/float64(b.N), "unknown/op")
			})
		}
	}
}

// checkVerdicts runs circ check on file under def, a minute in all, and
// returns each location's verdict.
func checkVerdicts(b *testing.B, file string, def interp.RaceDef) map[string]report.Verdict {
	b.Helper()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := run([]string{"check", "-q", "--format", "json", "--race-def", def.String(), "--timeout", "60s", file}, &stdout, &stderr)
	if code != report.ExitSafe && code != report.ExitRace && code != report.ExitUnknown {
		b.Fatalf("%s: exit status %d after %v\n%s", file, code, time.Since(start), stderr.String())
	}
	var rep struct {
		Results []struct{ Variable, Verdict string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		b.Fatalf("%s: %v\n%s", file, err, stdout.String())
	}
	got := map[string]report.Verdict{}
	for _, r := range rep.Results {
		got[r.Variable] = report.Verdict(r.Verdict)
	}
	return got
}
