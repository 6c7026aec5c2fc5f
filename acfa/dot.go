package acfa

import (
	"fmt"
	"strings"
)

// DOT renders a as a Graphviz digraph called name. templates names the
// program's thread templates by index, for the creations and joins on
// edges (nil or short: "#i"). Each location shows its number, its marks
// (atomic, transient, final, handler) and its region, one disjunct a
// line; each edge shows its action, its guard on a line of its own. The
// entry is pointed at by an arrow from a point; an empty ACFA is a graph
// with a single note, so that it still draws as something.
func (a *ACFA) DOT(name string, templates []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote(name))
	fmt.Fprintf(&b, "  graph [label=%s, labelloc=t, fontname=\"Helvetica\", fontsize=12];\n", dotQuote(name))
	b.WriteString("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9];\n")
	if a.IsEmpty() {
		b.WriteString("  empty [shape=plaintext, label=\"no locations: this context never runs\"];\n}\n")
		return b.String()
	}
	fmt.Fprintf(&b, "  start [shape=point];\n  start -> n%d;\n", a.Entry)
	for i, l := range a.Locs {
		head := fmt.Sprintf("L%d", i)
		var attrs []string
		style := []string{"rounded"}
		if l.Atomic {
			head += " atomic"
			style = append(style, "filled")
			attrs = append(attrs, `fillcolor="#dddddd"`)
		}
		if l.Transient {
			head += " transient"
			style = append(style, "dashed")
		}
		if l.Handler {
			head += " handler"
			attrs = append(attrs, `color="#1f6fb2"`)
		}
		if l.Final {
			head += " final"
			attrs = append(attrs, "peripheries=2")
		}
		label := head
		if l.Label != nil {
			label += "\n" + strings.ReplaceAll(l.Label.String(), " || ", " ||\n")
		}
		attrs = append([]string{"label=" + dotQuote(label), "style=" + dotQuote(strings.Join(style, ","))}, attrs...)
		fmt.Fprintf(&b, "  n%d [%s];\n", i, strings.Join(attrs, ", "))
	}
	for _, e := range a.Edges {
		fmt.Fprintf(&b, "  n%d -> n%d [label=%s];\n", e.From, e.To, dotQuote(e.Action.label(templates)))
	}
	b.WriteString("}\n")
	return b.String()
}

// label is String for a DOT edge: templates by name, the guard and the
// post on lines of their own (when they are not true).
func (a Action) label(templates []string) string {
	name := func(i int) string {
		if i >= 0 && i < len(templates) {
			return " " + templates[i]
		}
		return fmt.Sprintf(" #%d", i)
	}
	lines := []string{strings.Join(a.effects(name), " ")}
	// A region "true" says nothing: leave it out.
	if a.Guard != nil && a.Guard.String() != "true" {
		lines = append(lines, "when ["+a.Guard.String()+"]")
	}
	if a.Post != nil && a.Post.String() != "true" {
		lines = append(lines, "then ["+a.Post.String()+"]")
	}
	return strings.Join(lines, "\n")
}

// dotQuote makes s one DOT quoted string. Inside quotes DOT gives
// meaning only to a backslash and a double quote; a newline becomes the
// centred line break \n, so that labels keep their lines.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "")
	return `"` + r.Replace(s) + `"`
}
