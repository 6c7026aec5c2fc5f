package acfa

import (
	"os/exec"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// text is a test label that prints as anything, quotes and backslashes
// included.
type text string

func (s text) Implies(o Label) bool { return s == o.(text) }
func (s text) Key() string          { return string(s) }
func (s text) String() string       { return string(s) }

func TestDOT(t *testing.T) {
	a := &ACFA{Template: 1}
	l0 := a.AddLoc(Loc{Label: text(`s == "a\b" || t == 1`)})
	l1 := a.AddLoc(Loc{Label: text("true"), Atomic: true})
	l2 := a.AddLoc(Loc{Label: text("x > 0"), Final: true, Transient: true, Handler: true})
	a.Entry = l0
	a.AddEdge(l0, l1, Action{Havoc: []string{"x", "y"}, Guard: text("true")})
	a.AddEdge(l1, l2, Action{Creates: []int{0}, Joins: []int{1}, Atomic: true, Guard: text(`g "q"`), Post: text("p")})
	a.AddEdge(l2, l0, Action{Creates: []int{5}})

	src := a.DOT(`x: "thr"`, []string{"main", "thr"})
	f, err := dot.ParseString(src)
	if err != nil {
		t.Fatalf("not DOT: %v\n%s", err, src)
	}
	if len(f.Graphs) != 1 || !f.Graphs[0].Directed {
		t.Fatalf("want one digraph:\n%s", src)
	}
	g := f.Graphs[0]
	if g.ID != `"x: \"thr\""` {
		t.Errorf("graph name %s", g.ID)
	}
	labels := map[string]string{} // node or "from->to" to label, unquoted
	for _, st := range g.Stmts {
		switch st := st.(type) {
		case *ast.NodeStmt:
			labels[st.Node.ID] = unquote(attr(st.Attrs, "label"))
		case *ast.EdgeStmt:
			labels[st.From.(*ast.Node).ID+"->"+st.To.Vertex.(*ast.Node).ID] = unquote(attr(st.Attrs, "label"))
		}
	}
	want := map[string]string{
		"n0":        "L0\n" + `s == "a\b" ||` + "\nt == 1",
		"n1":        "L1 atomic\ntrue",
		"n2":        "L2 transient handler final\nx > 0",
		"start->n0": "",
		"n0->n1":    "havoc{x,y}",
		"n1->n2":    "create main join thr (atomic)\n" + `when [g "q"]` + "\nthen [p]",
		"n2->n0":    "create #5",
	}
	for k, v := range want {
		if got, ok := labels[k]; !ok || got != v {
			t.Errorf("%s: label %q, want %q", k, got, v)
		}
	}
	if len(labels) != len(want)+1 { // and the start point
		t.Errorf("statements %v, want %v and start", labels, want)
	}

	empty := Empty(0).DOT("e", nil)
	if _, err := dot.ParseString(empty); err != nil || !strings.Contains(empty, "never runs") {
		t.Errorf("empty ACFA: %v\n%s", err, empty)
	}

	// Graphviz itself must accept it, when it is installed.
	if path, err := exec.LookPath("dot"); err == nil {
		cmd := exec.Command(path, "-Tsvg")
		cmd.Stdin = strings.NewReader(src)
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "<svg") {
			t.Errorf("dot -Tsvg: %v\n%s", err, out)
		}
	}
}

func attr(as []*ast.Attr, key string) string {
	for _, a := range as {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// unquote reads a DOT quoted string as dotQuote wrote it.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' {
		return s
	}
	r := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n")
	return r.Replace(s[1 : len(s)-1])
}
