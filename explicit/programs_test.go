package explicit

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/interp"
	"circ/report"
)

// manifest is the machine-readable header of a test program:
//
//	// expect svcomp: x=race y=safe            verdicts of a complete checker
//	// expect circ: x=race y=safe
//	// expect-explicit svcomp: y=unknown       the explicit engine's verdict,
//	// expect-explicit circ: y=unknown         where it differs from expect
//	// explicit-threads: 3                     --threads for the explicit engine
//	// explicit-max-states: 50000              a smaller budget, to keep the
//	                                           test fast (same verdicts)
//	// explicit-race-needs-threads: x=4        no race on x with fewer threads
type manifest struct {
	expect     map[interp.RaceDef]map[string]report.Verdict
	explicit   map[interp.RaceDef]map[string]report.Verdict
	vars       []string // in order of first mention
	threads    int
	maxStates  int
	needsThrds map[string]int
}

func parseManifest(src []byte) (*manifest, error) {
	m := &manifest{
		expect:     map[interp.RaceDef]map[string]report.Verdict{},
		explicit:   map[interp.RaceDef]map[string]report.Verdict{},
		needsThrds: map[string]int{},
	}
	seen := map[string]bool{}
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
		case "expect", "expect-explicit":
			if len(fields) != 2 {
				return nil, fmt.Errorf("bad line %q", line)
			}
			def, err := interp.ParseRaceDef(fields[1])
			if err != nil {
				return nil, err
			}
			target := m.expect
			if fields[0] == "expect-explicit" {
				target = m.explicit
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
				if !seen[name] {
					seen[name] = true
					m.vars = append(m.vars, name)
				}
			}
		case "explicit-threads", "explicit-max-states":
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				return nil, fmt.Errorf("bad line %q", line)
			}
			if fields[0] == "explicit-threads" {
				m.threads = n
			} else {
				m.maxStates = n
			}
		case "explicit-race-needs-threads":
			for _, kv := range strings.Fields(val) {
				name, v, _ := strings.Cut(kv, "=")
				n, err := strconv.Atoi(v)
				if err != nil {
					return nil, fmt.Errorf("bad line %q", line)
				}
				m.needsThrds[name] = n
			}
		}
	}
	for _, def := range []interp.RaceDef{interp.SVCOMP, interp.CIRC} {
		if len(m.expect[def]) != len(m.vars) {
			return nil, fmt.Errorf("expect %s must give a verdict for each of %v", def, m.vars)
		}
	}
	return m, nil
}

// explicitVerdict is the verdict the explicit engine must give.
func (m *manifest) explicitVerdict(def interp.RaceDef, v string) report.Verdict {
	if e, ok := m.explicit[def][v]; ok {
		return e
	}
	return m.expect[def][v]
}

func TestPrograms(t *testing.T) {
	files, err := filepath.Glob("../testdata/programs/*.c")
	if err != nil || len(files) < 25 {
		t.Fatalf("want at least 25 test programs, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := parseManifest(src)
			if err != nil {
				t.Fatalf("manifest: %v", err)
			}
			p, err := cfront.Load(file)
			if err != nil {
				t.Fatalf("cfront: %v", err)
			}
			var vars []*cfa.Var
			for _, name := range m.vars {
				v := p.Global(name)
				if v == nil {
					t.Fatalf("no global %s", name)
				}
				vars = append(vars, v)
			}
			for _, def := range []interp.RaceDef{interp.SVCOMP, interp.CIRC} {
				opts := Options{RaceDef: def, Threads: m.threads, MaxStates: m.maxStates}
				res, traces := Run(context.Background(), p, vars, opts)
				checkRaces(t, p, vars, def, res, traces)
				for i, r := range res {
					want := m.explicitVerdict(def, m.vars[i])
					if r.Verdict != want {
						t.Errorf("%s %s: explicit says %s (%s), want %s", def, m.vars[i], r.Verdict, r.Reason, want)
					}
					if r.Verdict == report.Unknown && r.Reason == "" {
						t.Errorf("%s %s: unknown without a reason", def, m.vars[i])
					}
				}
				// Where the complete verdict is safe but the explicit
				// engine cannot conclude, no thread count may show a race.
				var safeVars []*cfa.Var
				for i, name := range m.vars {
					if m.expect[def][name] == report.Safe && res[i].Verdict != report.Safe {
						safeVars = append(safeVars, vars[i])
					}
				}
				for n := 1; n <= 4 && len(safeVars) > 0; n++ {
					o := opts
					o.Threads = n
					for _, r := range Check(context.Background(), p, safeVars, o) {
						if r.Verdict == report.Race {
							t.Errorf("%s %s: race with %d threads, but the program is safe", def, r.Variable, n)
						}
					}
				}
				for name, n := range m.needsThrds {
					o := opts
					o.Threads = n - 1
					if r := Check(context.Background(), p, []*cfa.Var{p.Global(name)}, o)[0]; r.Verdict == report.Race {
						t.Errorf("%s %s: race with %d threads, want one only with %d", def, name, n-1, n)
					}
				}
			}
		})
	}
}
