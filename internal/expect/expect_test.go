package expect

import (
	"strings"
	"testing"

	"circ/interp"
	"circ/report"
)

func TestParse(t *testing.T) {
	src := `// A comment: with a colon.
// expect svcomp: x=race y=safe
// expect circ: x=safe y=safe
// expect-explicit svcomp: y=unknown
// expect-circ-engine circ: x=unknown
// explicit-threads: 2
// explicit-max-states: 500
// explicit-race-needs-threads: x=3
int x, y; // expect nothing: here
`
	m, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(m.Vars, " ") != "x y" || m.Threads != 2 || m.MaxStates != 500 || m.NeedsThreads["x"] != 3 {
		t.Fatalf("manifest %+v", m)
	}
	checks := []struct {
		got, want report.Verdict
	}{
		{m.Expect[interp.SVCOMP]["x"], report.Race},
		{m.ExplicitVerdict(interp.SVCOMP, "y"), report.Unknown},
		{m.ExplicitVerdict(interp.CIRC, "y"), report.Safe},
		{m.CircVerdict(interp.CIRC, "x"), report.Unknown},
		{m.CircVerdict(interp.SVCOMP, "x"), report.Race},
		{m.ExplicitVerdict(interp.CIRC, "x"), report.Safe},
	}
	for i, c := range checks {
		if c.got != c.want {
			t.Errorf("check %d: %s, want %s", i, c.got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, src, err string }{
		{"missing definition", "// expect svcomp: x=race\n", "expect circ must give a verdict"},
		{"missing variable", "// expect svcomp: x=race y=safe\n// expect circ: x=race\n", "each of [x y]"},
		{"bad verdict", "// expect svcomp: x=racy\n// expect circ: x=race\n", `bad verdict "x=racy"`},
		{"bad definition", "// expect c11: x=race\n", "c11"},
		{"override of an unknown variable", "// expect svcomp: x=race\n// expect circ: x=race\n// expect-circ-engine svcomp: z=unknown\n", "z, which no expect line names"},
		{"bad count", "// expect svcomp: x=race\n// expect circ: x=race\n// explicit-threads: many\n", "bad line"},
	}
	for _, tc := range tests {
		_, err := Parse([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
		}
	}
}
