// Package expect parses the machine-readable expectation headers of the
// test programs in testdata/programs, shared by the tests of every engine:
//
//	// expect svcomp: x=race y=safe            verdicts of a complete checker
//	// expect circ: x=race y=safe
//	// expect-explicit svcomp: y=unknown       the explicit engine's verdict,
//	// expect-explicit circ: y=unknown         where it differs from expect
//	// expect-circ-engine svcomp: x=unknown    the abstract engine's verdict,
//	// expect-circ-engine circ: x=unknown      where it is knowingly incomplete
//	// explicit-threads: 3                     --threads for the explicit engine
//	// explicit-max-states: 50000              the explicit engine's budget
//	                                           in its test (default 200000)
//	// explicit-race-needs-threads: x=4        no race on x with fewer threads
//	// expect-undefined: 12 15                 the source lines where a run
//	                                           reaches undefined behaviour
//
// Headers give verdicts under --race-def svcomp and circ only (Defs);
// the c11 definition is checked by the tests of testdata/c11.
package expect

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"circ/interp"
	"circ/report"
)

// Defs are the race definitions every program gives verdicts for.
var Defs = []interp.RaceDef{interp.SVCOMP, interp.CIRC}

// Manifest is the parsed header of one test program.
type Manifest struct {
	// Expect holds the verdicts of a complete checker.
	Expect map[interp.RaceDef]map[string]report.Verdict
	// Explicit and CircEngine override Expect for one engine.
	Explicit   map[interp.RaceDef]map[string]report.Verdict
	CircEngine map[interp.RaceDef]map[string]report.Verdict
	// Vars lists the variables of the expect lines, in order of first
	// mention.
	Vars []string
	// Threads and MaxStates configure the explicit engine (0: default).
	Threads, MaxStates int
	// NeedsThreads[x] = n: the explicit engine finds no race on x with
	// fewer than n instances.
	NeedsThreads map[string]int
	// Undefined lists the source lines where a run reaches undefined
	// behaviour (a finding with a replayed trace); no other line has one.
	Undefined []int
}

// Load reads and parses the header of file.
func Load(file string) (*Manifest, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	m, err := Parse(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return m, nil
}

// Parse parses the header lines of a program's source.
func Parse(src []byte) (*Manifest, error) {
	m := &Manifest{
		Expect:       map[interp.RaceDef]map[string]report.Verdict{},
		Explicit:     map[interp.RaceDef]map[string]report.Verdict{},
		CircEngine:   map[interp.RaceDef]map[string]report.Verdict{},
		NeedsThreads: map[string]int{},
	}
	seen := map[string]bool{}
	var overrides []string // variables named by engine overrides
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "//") {
			continue
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "//")), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(key)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "expect", "expect-explicit", "expect-circ-engine":
			if len(fields) != 2 {
				return nil, fmt.Errorf("bad line %q", line)
			}
			def, err := interp.ParseRaceDef(fields[1])
			if err != nil {
				return nil, err
			}
			if !slices.Contains(Defs, def) {
				return nil, fmt.Errorf("%q: headers give verdicts under %v only (c11's are checked by the tests of testdata/c11)", line, Defs)
			}
			target := m.Expect
			switch fields[0] {
			case "expect-explicit":
				target = m.Explicit
			case "expect-circ-engine":
				target = m.CircEngine
			}
			if target[def] == nil {
				target[def] = map[string]report.Verdict{}
			}
			for _, kv := range strings.Fields(val) {
				name, v, ok := strings.Cut(kv, "=")
				verdict := report.Verdict(v)
				if !ok || (verdict != report.Race && verdict != report.Safe && verdict != report.Unknown) {
					return nil, fmt.Errorf("bad verdict %q in %q", kv, line)
				}
				target[def][name] = verdict
				if fields[0] != "expect" {
					overrides = append(overrides, name)
				} else if !seen[name] {
					seen[name] = true
					m.Vars = append(m.Vars, name)
				}
			}
		case "explicit-threads", "explicit-max-states":
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				return nil, fmt.Errorf("bad line %q", line)
			}
			if fields[0] == "explicit-threads" {
				m.Threads = n
			} else {
				m.MaxStates = n
			}
		case "expect-undefined":
			for _, f := range strings.Fields(val) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return nil, fmt.Errorf("bad line %q", line)
				}
				m.Undefined = append(m.Undefined, n)
			}
		case "explicit-race-needs-threads":
			for _, kv := range strings.Fields(val) {
				name, v, _ := strings.Cut(kv, "=")
				n, err := strconv.Atoi(v)
				if err != nil {
					return nil, fmt.Errorf("bad line %q", line)
				}
				m.NeedsThreads[name] = n
			}
		}
	}
	for _, def := range Defs {
		if len(m.Expect[def]) != len(m.Vars) {
			return nil, fmt.Errorf("expect %s must give a verdict for each of %v", def, m.Vars)
		}
	}
	for _, name := range overrides {
		if !seen[name] {
			return nil, fmt.Errorf("engine override for %s, which no expect line names", name)
		}
	}
	for name := range m.NeedsThreads {
		if !seen[name] {
			return nil, fmt.Errorf("explicit-race-needs-threads for %s, which no expect line names", name)
		}
	}
	return m, nil
}

// ExplicitVerdict is the verdict the explicit engine must give.
func (m *Manifest) ExplicitVerdict(def interp.RaceDef, v string) report.Verdict {
	if e, ok := m.Explicit[def][v]; ok {
		return e
	}
	return m.Expect[def][v]
}

// CircVerdict is the verdict the abstract (circ) engine must give.
func (m *Manifest) CircVerdict(def interp.RaceDef, v string) report.Verdict {
	if e, ok := m.CircEngine[def][v]; ok {
		return e
	}
	return m.Expect[def][v]
}

// shortSample is the share of test programs a suite runs under go test
// -short: one in shortSample.
const shortSample = 20

// Programs lists the test programs pattern matches, in name order,
// failing t unless there are at least min. Under go test -short it keeps
// one in shortSample of them (every shortSample-th, from the first), so
// that the edit-test loop samples each engine's suite of programs; the
// whole suite (scripts/test.sh, CI) runs them all.
func Programs(t testing.TB, pattern string, min int) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) < min {
		t.Fatalf("want at least %d test programs %s, found %d (%v)", min, pattern, len(files), err)
	}
	if !testing.Short() {
		return files
	}
	var sample []string
	for i := 0; i < len(files); i += shortSample {
		sample = append(sample, files[i])
	}
	return sample
}
