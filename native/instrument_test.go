package native

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"circ/cfa/cfront"
	"circ/report"
)

const instrSrc = `#include <pthread.h>
int x, y;
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_atomic_inc(void) { x = x + 1; }
void *w(void *a) {
  int v;
  while (__VERIFIER_nondet_int())
    x = 1;
  if (x) y = 2;
L: y = 3;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_create(&t, 0, w, 0);
  return 0;
}
`

// TestInstrument checks the schedule points inserted for trace
// positions, the schedule derived from the steps, and the values.
func TestInstrument(t *testing.T) {
	const name = "prog.c"
	ast, err := cfront.ParseAST(name, []byte(instrSrc), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	step := func(n int, thread string, line, col int, op string) report.Step {
		return report.Step{Step: n, Thread: thread, Pos: fmt.Sprintf("%s:%d:%d", name, line, col), Op: op}
	}
	tr := &report.Trace{
		Steps: []report.Step{
			step(1, "main#1", 15, 3, "main::t := create w(0)"),
			step(2, "main#1", 16, 3, "main::t := create w(0)"),
			step(3, "w#2", 6, 7, "havoc w::v (chose 5)"),
			step(4, "w#2", 7, 10, "havoc w::tmp (chose 1)"),
			step(5, "w#2", 7, 10, "assume w::tmp"),
			step(6, "w#2", 8, 5, "x := 1"),
			step(7, "w#2", 7, 10, "havoc w::tmp (chose 0)"),
			step(8, "w#2", 7, 10, "assume !w::tmp"),
			step(9, "w#1", 6, 7, "havoc w::v (chose -3)"),
			step(10, "w#2", 9, 7, "assume x"),
		},
		Race: []report.Access{
			{Thread: "w#2", Pos: name + ":9:10", Op: "y := 2", Write: true},
			{Thread: "w#1", Pos: name + ":10:4", Op: "y := 3", Write: true},
		},
	}
	p, err := Instrument(name, []byte(instrSrc), ast, tr)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(string(p.Source), "\n")
	want := map[int]string{
		4:  "void __VERIFIER_atomic_inc(void) { int __circ_guard __attribute__((cleanup(__circ_guard_end))) = __circ_guard_begin(); (void)__circ_guard; x = x + 1; }",
		6:  "  __circ_point(2); int v = __circ_havoc();",
		7:  "  while ((__circ_point(3), __VERIFIER_nondet_int()))",
		8:  "    { __circ_point(4); x = 1; }",
		9:  "  if ((__circ_point(5), x)) { __circ_point(6); y = 2; }",
		10: "L: { __circ_point(7); y = 3; }",
		15: "  __circ_point(0); pthread_create(&t, 0, w, 0);",
		16: "  __circ_point(1); pthread_create(&t, 0, w, 0);",
	}
	if len(got) != strings.Count(instrSrc, "\n")+1 {
		t.Errorf("instrumentation changed the number of lines: %d", len(got))
	}
	for line, w := range want {
		if got[line-1] != w {
			t.Errorf("line %d:\n got %q\nwant %q", line, got[line-1], w)
		}
	}
	if !reflect.DeepEqual(p.Threads, []string{"main#1", "w#2", "w#1"}) || !reflect.DeepEqual(p.Templates, []string{"main", "w"}) {
		t.Errorf("threads %v, templates %v", p.Threads, p.Templates)
	}
	// Steps 4 and 5 are one execution of the condition (merged); step 7
	// repeats step 4's operation: a new evaluation, a new entry.
	wantSched := []Entry{{0, 0, 1}, {0, 1, 2}, {1, 2, 3}, {1, 3, 4}, {1, 4, 6}, {1, 3, 7}, {2, 2, 9}, {1, 5, 10}}
	if !reflect.DeepEqual(p.Schedule, wantSched) {
		t.Errorf("schedule\n got %v\nwant %v", p.Schedule, wantSched)
	}
	wantVals := []Value{{1, 2, "5LL"}, {1, 3, "1LL"}, {1, 3, "0LL"}, {2, 2, "-3LL"}}
	if !reflect.DeepEqual(p.Values, wantVals) {
		t.Errorf("values\n got %v\nwant %v", p.Values, wantVals)
	}
	if want := []Racer{{1, 6}, {2, 7}}; !reflect.DeepEqual(p.Racers, want) {
		t.Errorf("racers %v, want %v", p.Racers, want)
	}
}

// TestInstrumentForeignPositions: steps in another file get no point.
func TestInstrumentForeignPositions(t *testing.T) {
	ast, err := cfront.ParseAST("a.c", []byte(instrSrc), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr := &report.Trace{Steps: []report.Step{{Step: 1, Thread: "main#1", Pos: "b.h:3:1", Op: "x := 1"}}}
	p, err := Instrument("a.c", []byte(instrSrc), ast, tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Schedule) != 0 || !reflect.DeepEqual(p.Unanchored, []int{1}) || strings.Contains(string(p.Source), "__circ_point") {
		t.Errorf("schedule %v, unanchored %v", p.Schedule, p.Unanchored)
	}
}

func TestChosen(t *testing.T) {
	for _, c := range []struct{ op, want string }{
		{"havoc w::v (chose 0)", "0LL"},
		{"havoc w::tmp in [0, 1] (chose -7)", "-7LL"},
		{"havoc u (chose 18446744073709551615)", "(long long)18446744073709551615ULL"},
		{"havoc w::v", ""},
	} {
		if got, _ := chosen(c.op); got != c.want {
			t.Errorf("chosen(%q) = %q, want %q", c.op, got, c.want)
		}
	}
}

const tsanOut = `==================
WARNING: ThreadSanitizer: data race (pid=1)
  Write of size 4 at 0x1 by thread T1:
    #0 thr /a/prog.c:23 (replay+0x252d)
    #1 trampoline /tmp/circ_runtime.c:182 (replay+0x2f73)

  Previous read of size 4 at 0x1 by thread T2 (mutexes: write M1):
    #0 thr /a/prog.c:17 (replay+0x246b)

  Location is global 'state' of size 4 at 0x1 (replay+0x71b0)

SUMMARY: ThreadSanitizer: data race /a/prog.c:23 in thr
==================
WARNING: ThreadSanitizer: data race (pid=1)
  Write of size 4 at 0x2 by thread T1:
    #0 <null> <null> (replay+0x24d6)

  Previous write of size 4 at 0x2 by thread T3:
    #0 <null> <null> (replay+0x2487)

  Location is global '<null>' at 0x000000000000 (replay+0x71b4)

SUMMARY: ThreadSanitizer: data race (replay+0x24d6)
`

func TestTSanParser(t *testing.T) {
	var p tsanParser
	var done []*tsanRace
	for _, l := range strings.Split(tsanOut, "\n") {
		if r := p.line(l); r != nil {
			done = append(done, r)
		}
	}
	if len(done) != 2 {
		t.Fatalf("parsed %d reports, want 2", len(done))
	}
	r := done[0]
	if r.Location != "state" || !reflect.DeepEqual(r.Accesses, []string{"prog.c:23", "prog.c:17"}) {
		t.Errorf("first report: %q %v", r.Location, r.Accesses)
	}
	if !r.matches("state", []string{"prog.c:17", "prog.c:23"}) || r.matches("x", []string{"prog.c:23", "prog.c:17"}) {
		t.Error("a report naming a global matches that global only")
	}
	if r.matches("state", nil) || r.matches("state", []string{"prog.c:23", "prog.c:30"}) || r.matches("state", []string{"prog.c:23", "prog.c:23"}) {
		t.Error("a report on the variable between other accesses matched")
	}
	if !r.matches("thr::state", []string{"prog.c:17", "prog.c:23"}) {
		t.Error("a qualified static local does not match its global")
	}
	if done[1].Location != "<null>" || done[1].LocationOffset != 0x71b4 {
		t.Errorf("second report: %q %#x", done[1].Location, done[1].LocationOffset)
	}
	if got := done[1].Accesses; !reflect.DeepEqual(got, []string{"0x24d6", "0x2487"}) {
		t.Errorf("unsymbolized accesses: %v", got)
	}
	heap := tsanRace{Accesses: []string{"prog.c:23", "prog.c:17"}}
	if heap.matches("state", []string{"prog.c:17", "prog.c:23"}) {
		t.Error("a report on memory other than a global matched")
	}
	for _, tc := range []struct {
		tsan, variable string
		want           bool
	}{
		{"x", "x", true}, {"x.0", "x", true}, {"x.12", "f::x", true},
		{"x.y", "x", false}, {"xy", "x", false}, {"x.", "x", false}, {"y", "x", false},
		// TSan names the struct object of a field.
		{"s", "s.f.g", true}, {"st.3", "thr::st.hits", true}, {"s", "t.f", false}, {"s.f", "s.f", false},
	} {
		if got := sameGlobal(tc.tsan, tc.variable); got != tc.want {
			t.Errorf("sameGlobal(%q, %q) = %v", tc.tsan, tc.variable, got)
		}
	}
}
