package main

import (
	"fmt"
	"io"

	"circ/cfa"
	"circ/cfa/cfront"

	"github.com/spf13/pflag"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/multi"
)

func runCFA(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("circ cfa", pflag.ContinueOnError)
	format := fs.String("format", "text", "output format: text or dot (Graphviz)")
	var cflags cfront.Options
	addCFlags(fs, &cflags)
	if code, ok := parseFlags(fs, args, "cfa", "Usage: circ cfa [flags] FILE.c|FILE.i", stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "circ: cfa needs exactly one input file (got %d)\n", fs.NArg())
		return 2
	}
	if *format != "text" && *format != "dot" {
		fmt.Fprintf(stderr, "circ: --format must be text or dot, not %q\n", *format)
		return 2
	}
	prog, err := cfront.LoadWith(fs.Arg(0), cflags)
	if err != nil {
		fmt.Fprintf(stderr, "circ: %v\n", err)
		return 2
	}
	if *format == "text" {
		fmt.Fprint(stdout, prog.String())
		return 0
	}
	for _, c := range prog.Templates {
		b, err := dot.MarshalMulti(cfaGraph(c), c.Name, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "circ: %v\n", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s\n", b)
	}
	return 0
}

// cfaNode and cfaLine adapt CFA locations and edges to gonum's graph and
// DOT attribute interfaces.
type cfaNode struct {
	id  int64
	loc *cfa.Location
}

func (n cfaNode) ID() int64 { return n.id }
func (n cfaNode) Attributes() []encoding.Attribute {
	attrs := []encoding.Attribute{{Key: "label", Value: fmt.Sprintf("%q", fmt.Sprintf("L%d", n.id))}}
	if n.loc.Atomic {
		attrs = append(attrs, encoding.Attribute{Key: "style", Value: "filled"}, encoding.Attribute{Key: "fillcolor", Value: "lightgrey"})
	}
	return attrs
}

type cfaLine struct {
	from, to graph.Node
	id       int64
	e        *cfa.Edge
}

func (l cfaLine) From() graph.Node         { return l.from }
func (l cfaLine) To() graph.Node           { return l.to }
func (l cfaLine) ID() int64                { return l.id }
func (l cfaLine) ReversedLine() graph.Line { return cfaLine{l.to, l.from, l.id, l.e} }
func (l cfaLine) Attributes() []encoding.Attribute {
	return []encoding.Attribute{{Key: "label", Value: fmt.Sprintf("%q", fmt.Sprintf("%s  [%d:%d]", l.e, l.e.Pos.Line, l.e.Pos.Col))}}
}

func cfaGraph(c *cfa.CFA) *multi.DirectedGraph {
	g := multi.NewDirectedGraph()
	nodes := make([]cfaNode, len(c.Locs))
	for i, l := range c.Locs {
		nodes[i] = cfaNode{id: int64(i), loc: l}
		g.AddNode(nodes[i])
	}
	for i, e := range c.Edges {
		g.SetLine(cfaLine{from: nodes[e.From], to: nodes[e.To], id: int64(i), e: e})
	}
	return g
}
