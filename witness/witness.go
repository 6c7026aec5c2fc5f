// Package witness owns circ's violation witnesses: it turns a race that
// circ reports (a report.Result with its interleaved Trace) into the
// exchange formats of SV-COMP validators, a YAML witness of format 2.2
// (one violation_sequence entry whose waypoints carry thread_id, ending
// in a segment with the two racing accesses as target waypoints) and a
// GraphML 1.0 witness automaton (threadId on every edge, createThread
// where a thread is created, a violation node after the two accesses).
// Steps map to waypoints and edges by their source position; thread ids
// are 0 for main and then 1, 2, ... in the order the trace creates the
// threads; the values the trace chose for __VERIFIER_nondet_ calls are
// written as function_return waypoints (YAML) and \result assumptions
// (GraphML), so that a validator can follow the same path.
package witness

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"circ/report"
	"circ/svcomp"
)

// Specification is the SV-COMP property text of no-data-race.
const Specification = svcomp.NoDataRace

// Format is a witness file format.
type Format int

const (
	YAML    Format = iota // format 2.2, .yml or .yaml
	GraphML               // format 1.0, .graphml or .xml
)

func (f Format) String() string {
	if f == GraphML {
		return "GraphML 1.0"
	}
	return "YAML 2.2"
}

// FormatOf picks the format from the extension of a witness file name.
func FormatOf(name string) (Format, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yml", ".yaml":
		return YAML, nil
	case ".graphml", ".xml":
		return GraphML, nil
	}
	return 0, fmt.Errorf("witness file %q: want a .yml/.yaml (format 2.2) or .graphml/.xml (GraphML) name", name)
}

// Task is the verification task and race a witness is written for.
type Task struct {
	File     string        // the input file, as given to circ
	Source   []byte        // its contents
	Result   report.Result // a race, with its Trace
	Producer string        // tool and version, e.g. "circ 0.1.0"
	// DataModel is ILP32 or LP64 ("" means LP64).
	DataModel string
	// Created is the creation time (zero means now); UUID the entry's
	// identifier ("" means a fresh random one).
	Created time.Time
	UUID    string
}

// ReadTask reads file for a witness of res.
func ReadTask(file string, res report.Result, producer, dataModel string) (*Task, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return &Task{File: file, Source: src, Result: res, Producer: producer, DataModel: dataModel}, nil
}

// FirstRace is the first race with a trace among results, in report
// order, or nil: SV-COMP expects one witness per task.
func FirstRace(results []report.Result) *report.Result {
	for i := range results {
		if results[i].Verdict == report.Race && results[i].Trace != nil {
			return &results[i]
		}
	}
	return nil
}

// Write writes the witness of t to w in format f.
func Write(w io.Writer, f Format, t *Task) error {
	switch t.DataModel {
	case "":
		t.DataModel = "LP64"
	case "ILP32", "LP64":
	default:
		return fmt.Errorf("witness: data model %q: want ILP32 or LP64", t.DataModel)
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	if t.UUID == "" {
		t.UUID = newUUID()
	}
	if t.Producer == "" {
		t.Producer = "circ"
	}
	p, err := newPath(t.Result, t.File, newSource(t.Source))
	if err != nil {
		return err
	}
	if f == GraphML {
		return writeGraphML(w, t, p)
	}
	return writeYAML(w, t, p)
}

// WriteFile writes the witness of t to the file name, in the format its
// extension names.
func WriteFile(name string, t *Task) error {
	f, err := FormatOf(name)
	if err != nil {
		return err
	}
	out, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := Write(out, f, t); err != nil {
		out.Close()
		os.Remove(name)
		return err
	}
	return out.Close()
}

func (t *Task) hash() string {
	sum := sha256.Sum256(t.Source)
	return hex.EncodeToString(sum[:])
}

// creationTime is ISO 8601 with seconds and a zone, as both formats ask.
func (t *Task) creationTime() string {
	return t.Created.Truncate(time.Second).Format(time.RFC3339)
}

// producerName and producerVersion split "circ 0.1.0".
func (t *Task) producerName() (name, version string) {
	name, version, ok := strings.Cut(t.Producer, " ")
	if !ok {
		version = "unknown"
	}
	return name, version
}

// newUUID is a random (version 4) RFC 4122 UUID.
func newUUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
