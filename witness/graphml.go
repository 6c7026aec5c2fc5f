package witness

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
)

// The GraphML document.
type (
	gmlDoc struct {
		XMLName xml.Name `xml:"graphml"`
		Xmlns   string   `xml:"xmlns,attr"`
		Keys    []gmlKey `xml:"key"`
		Graph   gmlGraph `xml:"graph"`
	}
	gmlKey struct {
		ID       string  `xml:"id,attr"`
		For      string  `xml:"for,attr"`
		AttrName string  `xml:"attr.name,attr"`
		AttrType string  `xml:"attr.type,attr"`
		Default  *string `xml:"default,omitempty"`
	}
	gmlGraph struct {
		EdgeDefault string    `xml:"edgedefault,attr"`
		Data        []gmlData `xml:"data"`
		Nodes       []gmlNode `xml:"node"`
		Edges       []gmlEdge `xml:"edge"`
	}
	gmlData struct {
		Key   string `xml:"key,attr"`
		Value string `xml:",chardata"`
	}
	gmlNode struct {
		ID   string    `xml:"id,attr"`
		Data []gmlData `xml:"data"`
	}
	gmlEdge struct {
		Source string    `xml:"source,attr"`
		Target string    `xml:"target,attr"`
		Data   []gmlData `xml:"data"`
	}
)

var gmlKeys = []gmlKey{
	{ID: "witness-type", For: "graph", AttrName: "witness-type", AttrType: "string"},
	{ID: "sourcecodelang", For: "graph", AttrName: "sourcecodelang", AttrType: "string"},
	{ID: "producer", For: "graph", AttrName: "producer", AttrType: "string"},
	{ID: "specification", For: "graph", AttrName: "specification", AttrType: "string"},
	{ID: "programfile", For: "graph", AttrName: "programfile", AttrType: "string"},
	{ID: "programhash", For: "graph", AttrName: "programhash", AttrType: "string"},
	{ID: "architecture", For: "graph", AttrName: "architecture", AttrType: "string"},
	{ID: "creationtime", For: "graph", AttrName: "creationtime", AttrType: "string"},
	{ID: "entry", For: "node", AttrName: "isEntryNode", AttrType: "boolean", Default: ptr("false")},
	{ID: "violation", For: "node", AttrName: "isViolationNode", AttrType: "boolean", Default: ptr("false")},
	{ID: "startline", For: "edge", AttrName: "startline", AttrType: "int"},
	{ID: "threadId", For: "edge", AttrName: "threadId", AttrType: "string"},
	{ID: "createThread", For: "edge", AttrName: "createThread", AttrType: "string"},
	{ID: "enterFunction", For: "edge", AttrName: "enterFunction", AttrType: "string"},
	{ID: "assumption", For: "edge", AttrName: "assumption", AttrType: "string"},
	{ID: "assumption.scope", For: "edge", AttrName: "assumption.scope", AttrType: "string"},
	{ID: "assumption.resultfunction", For: "edge", AttrName: "assumption.resultfunction", AttrType: "string"},
}

func ptr(s string) *string { return &s }

// writeGraphML writes p as a GraphML violation-witness automaton: a
// single path from the entry node N0, one edge per event, ending in the
// violation node.
//
//   - A statement is an edge with its startline and threadId.
//   - A thread creation is an edge with the creating thread's threadId
//     and createThread set to the new id, followed (as the format asks)
//     by an edge of the new thread with enterFunction set to its
//     function.
//   - A nondeterministic value is an edge at the call's line with the
//     assumption \result == V; and assumption.resultfunction naming the
//     __VERIFIER_nondet_ function.
//   - The two racing accesses are the last two edges, each with the
//     startline of the access and the id of its thread; the node after
//     the second is the violation node.
func writeGraphML(w io.Writer, t *Task, p *path) error {
	arch := "64bit"
	if t.DataModel == "ILP32" {
		arch = "32bit"
	}
	g := gmlGraph{
		EdgeDefault: "directed",
		Data: []gmlData{
			{"witness-type", "violation_witness"},
			{"sourcecodelang", "C"},
			{"producer", t.Producer},
			{"specification", Specification},
			{"programfile", t.File},
			{"programhash", t.hash()},
			{"architecture", arch},
			{"creationtime", t.creationTime()},
		},
		Nodes: []gmlNode{{ID: "N0", Data: []gmlData{{"entry", "true"}}}},
	}
	edge := func(data ...gmlData) {
		n := len(g.Nodes)
		g.Nodes = append(g.Nodes, gmlNode{ID: "N" + strconv.Itoa(n)})
		g.Edges = append(g.Edges, gmlEdge{Source: "N" + strconv.Itoa(n-1), Target: "N" + strconv.Itoa(n), Data: data})
	}
	at := func(e event) []gmlData {
		return []gmlData{{"startline", strconv.Itoa(e.line)}, {"threadId", strconv.Itoa(e.thread)}}
	}
	for _, e := range p.events {
		switch e.kind {
		case statement:
			edge(at(e)...)
		case create:
			edge(append(at(e), gmlData{"createThread", strconv.Itoa(e.newThread)})...)
			edge(gmlData{"threadId", strconv.Itoa(e.newThread)}, gmlData{"enterFunction", e.callee})
		case nondet:
			edge(append(at(e),
				gmlData{"assumption", fmt.Sprintf("\\result == %d;", e.value)},
				gmlData{"assumption.resultfunction", e.callee})...)
		}
	}
	for _, e := range p.targets {
		edge(at(e)...)
	}
	last := &g.Nodes[len(g.Nodes)-1]
	last.Data = append(last.Data, gmlData{"violation", "true"})

	doc := gmlDoc{Xmlns: "http://graphml.graphdrawing.org/xmlns", Keys: gmlKeys, Graph: g}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("witness: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}
