package witness_test

// End-to-end: circ's engine on every bundled race program, both witness
// formats written and validated, the YAML one against the format's JSON
// schema (testdata/violation-witness-2.2-schema.json, see its README) and
// the rules the schema cannot state, the GraphML one against the keys,
// values and automaton shape the GraphML format documents as required.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/explicit"
	"circ/internal/expect"
	"circ/interp"
	"circ/report"
	"circ/witness"
)

const schemaFile = "testdata/violation-witness-2.2-schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// firstRace runs the engine on the shared variables of file in order and
// returns the first race, as circ check reports it.
func firstRace(t *testing.T, file string) report.Result {
	t.Helper()
	p, err := cfront.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	// Wall-clock time: CI runs three test packages on two cores, and a
	// program that takes seconds alone takes several times that there.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	w := driver.NewWorker(p)
	for _, x := range p.SharedMemory() {
		res := w.Check(ctx, x, driver.Options{RaceDef: interp.SVCOMP})
		if res.Verdict == report.Race && res.Trace != nil {
			return res
		}
	}
	// What the CIRC engine leaves unknown, circ check's explicit stage
	// searches (a join loop that skips handles).
	for _, res := range explicit.Check(ctx, p, p.SharedMemory(), explicit.Options{RaceDef: interp.SVCOMP, MaxStates: 200_000}) {
		if res.Verdict == report.Race && res.Trace != nil {
			return res
		}
	}
	t.Fatalf("the engines find no race in %s", file)
	return report.Result{}
}

func TestRaceProgramsWitnesses(t *testing.T) {
	files := expect.Programs(t, "../testdata/programs/*_race.c", 30)
	schema := compileSchema(t)
	var valid atomic.Int32
	t.Run("programs", func(t *testing.T) {
		for _, file := range files {
			t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
				t.Parallel()
				res := firstRace(t, file)
				task, err := witness.ReadTask(file, res, "circ 0.1.0", "LP64")
				if err != nil {
					t.Fatal(err)
				}
				var y, g bytes.Buffer
				if err := witness.Write(&y, witness.YAML, task); err != nil {
					t.Fatal(err)
				}
				if err := witness.Write(&g, witness.GraphML, task); err != nil {
					t.Fatal(err)
				}
				okY := checkYAML(t, schema, y.Bytes(), task)
				okG := checkGraphML(t, g.Bytes(), task)
				if okY && okG {
					valid.Add(1)
				} else {
					t.Logf("YAML witness:\n%s\nGraphML witness:\n%s", y.String(), g.String())
				}
			})
		}
	})
	t.Logf("%d of %d race programs: both witnesses valid", valid.Load(), len(files))
	if int(valid.Load()) != len(files) {
		t.Errorf("%d of %d race programs have an invalid witness", len(files)-int(valid.Load()), len(files))
	}
}

// checkYAML validates a YAML witness against the schema and the rules of
// the format's text: every normal segment ends in its one follow
// waypoint; the final segment holds one target per racing thread, at the
// racing accesses; a thread id is used only once the thread exists; the
// hash is the file's; every location is in the file, a function_return
// and a function_enter at a closing parenthesis.
func checkYAML(t *testing.T, schema *jsonschema.Schema, doc []byte, task *witness.Task) bool {
	t.Helper()
	ok := true
	fail := func(format string, a ...any) {
		t.Errorf("YAML: "+format, a...)
		ok = false
	}
	var v any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		fail("%v", err)
		return false
	}
	// Through JSON, so that the validator sees JSON values.
	js, err := json.Marshal(v)
	if err != nil {
		fail("%v", err)
		return false
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		fail("%v", err)
		return false
	}
	if err := schema.Validate(inst); err != nil {
		fail("schema: %v", err)
		return false
	}
	var w []struct {
		Metadata struct {
			Task struct {
				InputFiles      []string          `json:"input_files"`
				InputFileHashes map[string]string `json:"input_file_hashes"`
			} `json:"task"`
		} `json:"metadata"`
		Content []struct {
			Segment []struct {
				Waypoint struct {
					Type     string `json:"type"`
					Action   string `json:"action"`
					ThreadID *int   `json:"thread_id"`
					Location struct {
						FileName string `json:"file_name"`
						Line     int    `json:"line"`
						Column   int    `json:"column"`
						Function string `json:"function"`
					} `json:"location"`
				} `json:"waypoint"`
			} `json:"segment"`
		} `json:"content"`
	}
	if err := json.Unmarshal(js, &w); err != nil || len(w) != 1 {
		fail("want one entry (%v)", err)
		return false
	}
	sum := sha256.Sum256(task.Source)
	if h := w[0].Metadata.Task.InputFileHashes[task.File]; h != hex.EncodeToString(sum[:]) {
		fail("hash of %s = %q, not the file's", task.File, h)
	}
	lines := strings.Split(string(task.Source), "\n")
	threads := 1 // thread 0 exists from the start
	content := w[0].Content
	for i, s := range content {
		final := i == len(content)-1
		for j, item := range s.Segment {
			wp := item.Waypoint
			where := fmt.Sprintf("segment %d waypoint %d", i, j)
			if wp.ThreadID == nil {
				fail("%s has no thread_id", where)
				continue
			}
			if *wp.ThreadID >= threads {
				fail("%s uses thread %d before it is created (%d exist)", where, *wp.ThreadID, threads)
			}
			loc := wp.Location
			if loc.FileName != task.File || loc.Line > len(lines) || loc.Column > len(lines[loc.Line-1])+1 {
				fail("%s: location %+v is not in %s", where, loc, task.File)
				continue
			}
			if final != (wp.Type == "target") || wp.Action != "follow" {
				fail("%s: %s %s in a %s segment", where, wp.Action, wp.Type, map[bool]string{true: "final", false: "normal"}[final])
			}
			if !final && j != len(s.Segment)-1 {
				fail("%s: a follow waypoint before the end of a normal segment", where)
			}
			switch wp.Type {
			case "function_enter", "function_return":
				if lines[loc.Line-1][loc.Column-1] != ')' {
					fail("%s: %s not at a closing parenthesis: %q", where, wp.Type, lines[loc.Line-1])
				}
			}
			if wp.Type == "function_enter" {
				threads++
			}
		}
		if final {
			race := task.Result.Trace.Race
			if len(s.Segment) != 2 {
				fail("final segment has %d waypoints, want the 2 racing accesses", len(s.Segment))
				break
			}
			for j, a := range race[:2] {
				loc := s.Segment[j].Waypoint.Location
				if got := fmt.Sprintf("%s:%d:%d", loc.FileName, loc.Line, loc.Column); got != a.Pos {
					fail("target %d at %s, but the racing access is at %s", j, got, a.Pos)
				}
			}
			if *s.Segment[0].Waypoint.ThreadID == *s.Segment[1].Waypoint.ThreadID {
				fail("both targets in thread %d", *s.Segment[0].Waypoint.ThreadID)
			}
		}
	}
	return ok
}

// The GraphML document, read generically.
type (
	xData struct {
		Key   string `xml:"key,attr"`
		Value string `xml:",chardata"`
	}
	xKey struct {
		ID       string `xml:"id,attr"`
		For      string `xml:"for,attr"`
		AttrName string `xml:"attr.name,attr"`
		AttrType string `xml:"attr.type,attr"`
	}
	xNode struct {
		ID   string  `xml:"id,attr"`
		Data []xData `xml:"data"`
	}
	xEdge struct {
		Source string  `xml:"source,attr"`
		Target string  `xml:"target,attr"`
		Data   []xData `xml:"data"`
	}
	xGraphML struct {
		XMLName xml.Name `xml:"http://graphml.graphdrawing.org/xmlns graphml"`
		Keys    []xKey   `xml:"key"`
		Graph   struct {
			EdgeDefault string  `xml:"edgedefault,attr"`
			Data        []xData `xml:"data"`
			Nodes       []xNode `xml:"node"`
			Edges       []xEdge `xml:"edge"`
		} `xml:"graph"`
	}
)

// checkGraphML checks a GraphML witness against what the GraphML format
// (sv-witnesses README-GraphML.md) requires: the GraphML namespace, a key
// declaration for every data key with the documented attr.type, the
// required graph data with valid values, exactly one entry node, edges
// between declared nodes forming one path from the entry to a violation
// node, threadId on every edge, a createThread before a thread's first
// use, followed by that thread's enterFunction edge, and startlines in
// the file.
func checkGraphML(t *testing.T, doc []byte, task *witness.Task) bool {
	t.Helper()
	ok := true
	fail := func(format string, a ...any) {
		t.Errorf("GraphML: "+format, a...)
		ok = false
	}
	var g xGraphML
	if err := xml.Unmarshal(doc, &g); err != nil {
		fail("%v", err)
		return false
	}
	keys := map[string]xKey{}
	for _, k := range g.Keys {
		keys[k.ID] = k
	}
	types := map[string]string{"entry": "boolean", "violation": "boolean", "startline": "int", "threadId": "string", "createThread": "string"}
	checkData := func(owner string, ds []xData) map[string]string {
		m := map[string]string{}
		for _, d := range ds {
			k, declared := keys[d.Key]
			switch {
			case !declared:
				fail("%s: data key %q is not declared", owner, d.Key)
			case k.For != owner && k.For != "all":
				fail("data key %q declared for %q, used on a %s", d.Key, k.For, owner)
			case types[d.Key] != "" && k.AttrType != types[d.Key]:
				fail("key %q has attr.type %q, want %q", d.Key, k.AttrType, types[d.Key])
			}
			m[d.Key] = d.Value
		}
		return m
	}
	if g.Graph.EdgeDefault != "directed" {
		fail("edgedefault %q", g.Graph.EdgeDefault)
	}
	gd := checkData("graph", g.Graph.Data)
	sum := sha256.Sum256(task.Source)
	for k, valid := range map[string]func(string) bool{
		"witness-type":   func(v string) bool { return v == "violation_witness" },
		"sourcecodelang": func(v string) bool { return v == "C" },
		"producer":       func(v string) bool { return v != "" },
		"specification":  func(v string) bool { return v == witness.Specification },
		"programfile":    func(v string) bool { return v == task.File },
		"programhash":    func(v string) bool { return v == hex.EncodeToString(sum[:]) },
		"architecture":   func(v string) bool { return v == "32bit" || v == "64bit" },
		"creationtime":   func(v string) bool { _, err := time.Parse(time.RFC3339, v); return err == nil },
	} {
		if v, present := gd[k]; !present || !valid(v) {
			fail("graph data %s = %q (present %v)", k, v, present)
		}
	}
	nodes := map[string]map[string]string{}
	entry, out := "", map[string]int{}
	for _, n := range g.Graph.Nodes {
		if _, dup := nodes[n.ID]; dup {
			fail("node %s declared twice", n.ID)
		}
		nodes[n.ID] = checkData("node", n.Data)
		if nodes[n.ID]["entry"] == "true" {
			if entry != "" {
				fail("two entry nodes %s and %s", entry, n.ID)
			}
			entry = n.ID
		}
	}
	if entry == "" {
		fail("no entry node")
		return false
	}
	next := map[string]xEdge{}
	for _, e := range g.Graph.Edges {
		if nodes[e.Source] == nil || nodes[e.Target] == nil {
			fail("edge %s -> %s between undeclared nodes", e.Source, e.Target)
		}
		out[e.Source]++
		next[e.Source] = e
	}
	lines := strings.Count(string(task.Source), "\n") + 1
	created := map[string]bool{"0": true}
	pendingEnter := ""
	at, steps := entry, 0
	for ; out[at] > 0; steps++ {
		if out[at] != 1 {
			fail("node %s has %d outgoing edges, want a single path", at, out[at])
			return false
		}
		e := next[at]
		d := checkData("edge", e.Data)
		tid, hasTid := d["threadId"]
		switch {
		case !hasTid:
			fail("edge %s -> %s has no threadId", e.Source, e.Target)
		case !created[tid]:
			fail("edge %s -> %s: thread %s used before its createThread", e.Source, e.Target, tid)
		}
		if pendingEnter != "" && (tid != pendingEnter || d["enterFunction"] == "") {
			fail("edge %s -> %s: want thread %s entering its function after its creation", e.Source, e.Target, pendingEnter)
		}
		pendingEnter = ""
		if c, has := d["createThread"]; has {
			if created[c] {
				fail("edge %s -> %s creates thread %s twice", e.Source, e.Target, c)
			}
			created[c] = true
			pendingEnter = c
		}
		if s, has := d["startline"]; has {
			if n, err := strconv.Atoi(s); err != nil || n < 1 || n > lines {
				fail("edge %s -> %s: startline %q not in the file", e.Source, e.Target, s)
			}
		}
		if steps > len(g.Graph.Edges) {
			fail("the path from the entry node loops")
			return false
		}
		at = e.Target
	}
	if nodes[at]["violation"] != "true" {
		fail("the path ends in %s, not a violation node", at)
	}
	if steps != len(g.Graph.Edges) {
		fail("%d edges are off the path from the entry node", len(g.Graph.Edges)-steps)
	}
	return ok
}

// TestSchemaRejects makes sure the schema check has teeth: a valid
// witness, changed in one documented rule at a time, no longer passes.
func TestSchemaRejects(t *testing.T) {
	schema := compileSchema(t)
	file := "../testdata/programs/wrong_lock_race.c"
	task, err := witness.ReadTask(file, firstRace(t, file), "circ 0.1.0", "")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := witness.Write(&b, witness.YAML, task); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if !checkYAML(t, schema, []byte(good), task) {
		t.Fatal("the unchanged witness is invalid")
	}
	for _, tc := range []struct{ name, old, new string }{
		{"format version", `format_version: "2.2"`, `format_version: "1.0"`},
		{"data model", "data_model: LP64", "data_model: LP32"},
		{"uuid", "uuid: ", "uuid: x"},
		{"waypoint type", "type: target", "type: race"},
		{"action", "action: follow", "action: skip"},
		{"constraint format", "format: c_expression", "format: python"},
		{"line", "line: ", "line: -"},
		{"unknown key", "action: follow", "action: follow\n            colour: red"},
		{"entry type", "entry_type: violation_sequence", "entry_type: invariant_set"},
	} {
		bad := strings.Replace(good, tc.old, tc.new, 1)
		if bad == good {
			t.Fatalf("%s: %q not in the witness", tc.name, tc.old)
		}
		var v any
		if err := yaml.Unmarshal([]byte(bad), &v); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		js, _ := json.Marshal(v)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(inst) == nil {
			t.Errorf("%s: the schema accepts the changed witness", tc.name)
		}
	}
}
