package witness

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"circ/report"
)

// handSource is the program of the hand-built trace; line numbers matter.
const handSource = `#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;
void *worker(void *arg) {
  int v = __VERIFIER_nondet_int();
  if (v)
    x = 1;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0,
                 worker, 0);
  x = 2;
  return 0;
}
`

// handResult is a race on x: main creates worker#1 and worker#2; worker#2
// runs first (it draws 0 and skips the write), then worker#1 draws 7 and
// is about to write x while main is about to write it too.
func handResult() report.Result {
	step := func(n int, thread, pos, op string) report.Step {
		tmpl, _, _ := strings.Cut(thread, "#")
		return report.Step{Step: n, Thread: thread, Template: tmpl, Pos: pos, Op: op}
	}
	return report.Result{
		Variable: "x",
		Verdict:  report.Race,
		Trace: &report.Trace{
			Steps: []report.Step{
				step(1, "main#1", "t.c:12:3", "main::a := create worker(0)"),
				step(2, "main#1", "t.c:13:3", "main::b := create worker(0)"),
				step(3, "worker#2", "t.c:5:11", "havoc worker::tmp (chose 0)"),
				step(4, "worker#2", "t.c:5:7", "worker::v := worker::tmp"),
				step(5, "worker#2", "t.c:6:7", "assume !worker::v"),
				step(6, "worker#2", "t.c:8:3", "exit"),
				step(7, "worker#1", "other.h:3:1", "skip"),
				step(8, "worker#1", "t.c:5:11", "havoc worker::tmp (chose 7)"),
				step(9, "worker#1", "t.c:5:7", "worker::v := worker::tmp"),
				step(10, "worker#1", "t.c:5:7", "skip"),
				step(11, "worker#1", "t.c:6:7", "assume worker::v"),
				step(12, "main#1", "t.c:11:3", "havoc main::a (chose 0)"),
			},
			Race: []report.Access{
				{Thread: "worker#1", Pos: "t.c:7:5", Op: "x := 1", Write: true},
				{Thread: "main#1", Pos: "t.c:15:3", Op: "x := 2", Write: true},
			},
			Threads: 3,
		},
	}
}

func TestNewPath(t *testing.T) {
	p, err := newPath(handResult(), "t.c", newSource([]byte(handSource)))
	if err != nil {
		t.Fatal(err)
	}
	want := []event{
		// The create call's closing parenthesis; the second spans lines.
		{kind: create, thread: 0, line: 12, col: 34, function: "main", callee: "worker", newThread: 1},
		{kind: create, thread: 0, line: 14, col: 27, function: "main", callee: "worker", newThread: 2},
		// worker#2 was created second, so it is thread 2.
		// The rest of line 5 folds into the call's return: a waypoint
		// at column 7 could not follow one at column 33.
		{kind: nondet, thread: 2, line: 5, col: 33, function: "worker", callee: "__VERIFIER_nondet_int", value: 0},
		{kind: statement, thread: 2, line: 6, col: 7, function: "worker"},
		// The exit and the step in other.h are left out.
		// Steps 9 and 10 on line 5 fold into the call's return.
		{kind: nondet, thread: 1, line: 5, col: 33, function: "worker", callee: "__VERIFIER_nondet_int", value: 7},
		{kind: statement, thread: 1, line: 6, col: 7, function: "worker"},
		// The havoc of an uninitialized local (step 12) names no call.
	}
	if len(p.events) != len(want) {
		t.Fatalf("got %d events, want %d:\n%+v", len(p.events), len(want), p.events)
	}
	for i := range want {
		if p.events[i] != want[i] {
			t.Errorf("event %d = %+v, want %+v", i, p.events[i], want[i])
		}
	}
	wantTargets := [2]event{
		{kind: target, thread: 1, line: 7, col: 5, function: "worker", write: true},
		{kind: target, thread: 0, line: 15, col: 3, function: "main", write: true},
	}
	if p.targets != wantTargets {
		t.Errorf("targets = %+v, want %+v", p.targets, wantTargets)
	}
	if got := strings.Join(p.threads, " "); got != "main#1 worker#1 worker#2" {
		t.Errorf("thread ids = %q", got)
	}
}

func TestMergeSplitsWhenALoopReturns(t *testing.T) {
	src := "int f;\nvoid *w(void *a) {\n  while (f == 0) { f = f; }\n  return 0;\n}\n"
	res := report.Result{Verdict: report.Race, Trace: &report.Trace{
		Steps: []report.Step{
			{Thread: "main#1", Template: "main", Pos: "l.c:3:10", Op: "assume f == 0"},
			{Thread: "main#1", Template: "main", Pos: "l.c:3:20", Op: "f := f"},
			{Thread: "main#1", Template: "main", Pos: "l.c:3:20", Op: "skip"},
			{Thread: "main#1", Template: "main", Pos: "l.c:3:10", Op: "assume f == 0"},
			{Thread: "main#1", Template: "main", Pos: "l.c:3:20", Op: "f := f"},
		},
		Race: []report.Access{{Thread: "main#1", Pos: "l.c:3:20"}, {Thread: "w#1", Pos: "l.c:3:20"}},
	}}
	p, err := newPath(res, "l.c", newSource([]byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	// Two rounds of the loop: the thread came back to 3:10.
	if len(p.events) != 2 {
		t.Errorf("got %d events, want 2 (one per loop round): %+v", len(p.events), p.events)
	}
	if p.events[0].function != "w" {
		t.Errorf("function = %q, want w", p.events[0].function)
	}
}

func TestFunctionSpans(t *testing.T) {
	src := `/* int fake(void) { } */
struct s { int a; } v = { 1 };
int (*fp)(int);
static int
helper(int a,
       int b)
{
  char *s = "}{";
  return a; // }
}
#define F(x) { x }
int main(void) { return helper(1, 2); }
`
	got := functionSpans(strings.Split(src, "\n"))
	want := []funcSpan{{"helper", 5, 10}, {"main", 12, 12}}
	if len(got) != len(want) {
		t.Fatalf("spans = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("span %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Format
		ok   bool
	}{
		{"w.yml", YAML, true},
		{"dir.x/W.YAML", YAML, true},
		{"w.graphml", GraphML, true},
		{"w.xml", GraphML, true},
		{"w.json", 0, false},
		{"witness", 0, false},
	} {
		f, err := FormatOf(tc.name)
		if (err == nil) != tc.ok || (tc.ok && f != tc.want) {
			t.Errorf("FormatOf(%q) = %v, %v; want %v, ok %v", tc.name, f, err, tc.want, tc.ok)
		}
	}
}

func handTask() *Task {
	return &Task{
		File: "t.c", Source: []byte(handSource), Result: handResult(), Producer: "circ 0.1.0",
		Created: time.Date(2024, 5, 6, 7, 8, 9, 0, time.FixedZone("", 2*3600)),
		UUID:    "3c3f6b6e-1c9a-4c2e-9d0a-7f0f2b8c1a11",
	}
}

func TestWriteYAML(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, YAML, handTask()); err != nil {
		t.Fatal(err)
	}
	var doc []yamlEntry
	if err := yaml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(doc) != 1 {
		t.Fatalf("%d entries, want 1", len(doc))
	}
	e := doc[0]
	md := e.Metadata
	if e.EntryType != "violation_sequence" || md.FormatVersion != "2.2" || md.UUID != handTask().UUID ||
		md.CreationTime != "2024-05-06T07:08:09+02:00" || md.Producer != (yamlProducer{"circ", "0.1.0"}) {
		t.Errorf("metadata = %+v", md)
	}
	if got := md.Task.InputFileHashes["t.c"]; len(got) != 64 || got != handTask().hash() {
		t.Errorf("hash = %q, want the sha256 of the source", got)
	}
	if md.Task.DataModel != "LP64" || md.Task.Specification != Specification || md.Task.Language != "C" {
		t.Errorf("task = %+v", md.Task)
	}
	// Six events, each its own segment, then the final segment.
	if len(e.Content) != 7 {
		t.Fatalf("%d segments, want 7", len(e.Content))
	}
	for i, s := range e.Content[:6] {
		if len(s.Segment) != 1 || s.Segment[0].Waypoint.Action != "follow" {
			t.Errorf("segment %d = %+v, want one follow waypoint", i, s)
		}
	}
	types := ""
	for _, s := range e.Content[:6] {
		types += s.Segment[0].Waypoint.Type + " "
	}
	if want := "function_enter function_enter function_return assumption function_return assumption "; types != want {
		t.Errorf("waypoint types = %q, want %q", types, want)
	}
	ret := e.Content[4].Segment[0].Waypoint
	if ret.Constraint == nil || *ret.Constraint != (yamlConstraint{`\result == 7`, "acsl_expression"}) || ret.ThreadID != 1 ||
		ret.Location != (yamlLocation{"t.c", 5, 33, "worker"}) {
		t.Errorf("function_return waypoint = %+v %+v", ret, ret.Constraint)
	}
	final := e.Content[6].Segment
	if len(final) != 2 {
		t.Fatalf("final segment has %d waypoints, want 2", len(final))
	}
	for i, want := range []yamlWaypoint{
		{Type: "target", Action: "follow", ThreadID: 1, Location: yamlLocation{"t.c", 7, 5, "worker"}},
		{Type: "target", Action: "follow", ThreadID: 0, Location: yamlLocation{"t.c", 15, 3, "main"}},
	} {
		if final[i].Waypoint != want {
			t.Errorf("target %d = %+v, want %+v", i, final[i].Waypoint, want)
		}
	}
}

func TestWriteGraphML(t *testing.T) {
	task := handTask()
	task.DataModel = "ILP32"
	var b bytes.Buffer
	if err := Write(&b, GraphML, task); err != nil {
		t.Fatal(err)
	}
	var doc gmlDoc
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	graph := map[string]string{}
	for _, d := range doc.Graph.Data {
		graph[d.Key] = d.Value
	}
	for k, want := range map[string]string{
		"witness-type": "violation_witness", "architecture": "32bit", "programfile": "t.c",
		"programhash": task.hash(), "producer": "circ 0.1.0", "specification": Specification,
		"creationtime": "2024-05-06T07:08:09+02:00", "sourcecodelang": "C",
	} {
		if graph[k] != want {
			t.Errorf("graph %s = %q, want %q", k, graph[k], want)
		}
	}
	var edges []string
	for _, e := range doc.Graph.Edges {
		var parts []string
		for _, d := range e.Data {
			parts = append(parts, d.Key+"="+d.Value)
		}
		edges = append(edges, strings.Join(parts, ","))
	}
	want := []string{
		"startline=12,threadId=0,createThread=1",
		"threadId=1,enterFunction=worker",
		"startline=14,threadId=0,createThread=2",
		"threadId=2,enterFunction=worker",
		`startline=5,threadId=2,assumption=\result == 0;,assumption.resultfunction=__VERIFIER_nondet_int`,
		"startline=6,threadId=2",
		`startline=5,threadId=1,assumption=\result == 7;,assumption.resultfunction=__VERIFIER_nondet_int`,
		"startline=6,threadId=1",
		"startline=7,threadId=1",
		"startline=15,threadId=0",
	}
	if strings.Join(edges, "\n") != strings.Join(want, "\n") {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(edges, "\n"), strings.Join(want, "\n"))
	}
	nodes := doc.Graph.Nodes
	if len(nodes) != len(want)+1 || len(nodes[0].Data) != 1 || nodes[0].Data[0] != (gmlData{"entry", "true"}) ||
		len(nodes[len(nodes)-1].Data) != 1 || nodes[len(nodes)-1].Data[0] != (gmlData{"violation", "true"}) {
		t.Errorf("nodes = %+v, want entry N0 ... violation N%d", nodes, len(want))
	}
}

func TestWriteRejects(t *testing.T) {
	safe := handTask()
	safe.Result.Verdict = report.Safe
	model := handTask()
	model.DataModel = "LP32"
	elsewhere := handTask()
	elsewhere.Result.Trace.Race[0].Pos = "other.c:7:5"
	for name, task := range map[string]*Task{"not a race": safe, "data model": model, "access outside the file": elsewhere} {
		if err := Write(&bytes.Buffer{}, YAML, task); err == nil {
			t.Errorf("%s: Write succeeded", name)
		}
	}
}

func TestFirstRace(t *testing.T) {
	tr := &report.Trace{}
	rs := []report.Result{
		{Variable: "a", Verdict: report.Safe},
		{Variable: "b", Verdict: report.Race}, // no trace: cannot be written
		{Variable: "c", Verdict: report.Race, Trace: tr},
		{Variable: "d", Verdict: report.Race, Trace: tr},
	}
	if r := FirstRace(rs); r == nil || r.Variable != "c" {
		t.Errorf("FirstRace = %+v, want c", r)
	}
	if r := FirstRace(rs[:2]); r != nil {
		t.Errorf("FirstRace without a trace = %+v, want nil", r)
	}
}
