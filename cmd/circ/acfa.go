package main

import (
	"fmt"
	"io"
	"strings"

	"circ/report"
)

// runACFA is 'circ acfa': circ check with the circ engine, printing per
// variable the verdict, the predicates and the final context ACFAs (the
// fixpoint for safe, the last context otherwise), as text or as one
// Graphviz digraph per thread template. The exit status is check's.
func runACFA(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	fs := newCheckFlagSet(&f, stderr)
	fs.Lookup("format").Usage = "output format: text or dot (Graphviz, one digraph per variable and thread template)"
	// The explicit engine has no ACFAs, and acfa prints no report: those
	// flags of check are not acfa's.
	notOurs := []string{"engine", "threads", "nondet-range", "max-depth", "svcomp", "witness"}
	hideFlags(fs, notOurs...)
	if code, ok := parseFlags(fs, args, "acfa", "Usage: circ acfa [flags] FILE.c|FILE.i", stdout, stderr); !ok {
		return code
	}
	if err := refuseFlags(fs, "acfa", notOurs[1:]...); err != nil {
		fmt.Fprintf(stderr, "circ: %v\n", err)
		return 2
	}
	if f.format != "text" && f.format != "dot" {
		fmt.Fprintf(stderr, "circ: --format must be text or dot, not %q\n", f.format)
		return 2
	}
	if f.engine != "circ" {
		fmt.Fprintf(stderr, "circ: acfa runs the circ engine only (--engine %q has no ACFAs)\n", f.engine)
		return 2
	}
	f.acfas, f.lockset = true, false // every location's ACFAs
	rep, code := f.check(fs, "acfa", stderr)
	if rep == nil {
		return code
	}
	var b strings.Builder
	if f.format == "dot" {
		writeACFAsDOT(&b, rep)
	} else {
		writeACFAsText(&b, rep)
	}
	if _, err := io.WriteString(stdout, b.String()); err != nil {
		fmt.Fprintf(stderr, "circ: %v\n", err)
		return 2
	}
	return rep.ExitStatus()
}

func writeACFAsText(b *strings.Builder, rep *report.Report) {
	fmt.Fprintf(b, "%s\n", rep.File)
	for _, res := range rep.Results {
		fmt.Fprintf(b, "\n%s: %s", res.Variable, strings.ToUpper(string(res.Verdict)))
		fmt.Fprintf(b, "   (%d iterations, k %d)\n", res.Iterations, res.K)
		if res.Reason != "" {
			fmt.Fprintf(b, "  %s\n", res.Reason)
		}
		if len(res.Predicates) > 0 {
			fmt.Fprintf(b, "  predicates: %s\n", strings.Join(res.Predicates, ", "))
		}
		for _, a := range res.ACFAs {
			fmt.Fprintf(b, "  ACFA of %s:\n", a.Template)
			for _, line := range strings.Split(strings.TrimRight(a.Text, "\n"), "\n") {
				fmt.Fprintf(b, "    %s\n", line)
			}
		}
	}
}

// writeACFAsDOT writes one digraph per variable and template, each after
// a comment with the verdict, so that 'dot -O' or 'dot -Tsvg' draws
// them all.
func writeACFAsDOT(b *strings.Builder, rep *report.Report) {
	for _, res := range rep.Results {
		for _, a := range res.ACFAs {
			fmt.Fprintf(b, "// %s: %s; final context ACFA of %s\n%s\n", res.Variable, res.Verdict, a.Template, a.DOT)
		}
	}
}
