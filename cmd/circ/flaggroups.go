package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// flagGroup is a group of check's flags in --help, as docs/checking.md
// groups them, with the manual page that explains them.
type flagGroup struct {
	title string
	page  string // relative to the repository root
	flags []string
}

// flagGroups is the one table of how --help groups check's flags; a
// test keeps it and the manual in step.
var flagGroups = []flagGroup{
	{"Checking", "docs/checking.md", []string{"var", "timeout", "jobs", "quiet"}},
	{"Race definition", "docs/race-definitions.md", []string{"race-def"}},
	{"Engines", "docs/engine.md", []string{"engine", "lockset-stage", "slice", "explicit-stage", "k", "max-k", "plain-circ", "max-states", "threads", "nondet-range", "max-depth"}},
	{"C input", "docs/c-subset.md", []string{"include-dir", "define", "unknown-functions", "malloc-may-fail"}},
	{"Output", "docs/output-formats.md", []string{"format", "witness", "svcomp", "property", "data-model"}},
}

// writeFlagUsages writes fs's visible flags: first those of no group
// (a command's own), then each group with a visible flag under its
// title and page.
func writeFlagUsages(w io.Writer, fs *pflag.FlagSet) {
	grouped := map[string]bool{}
	var sections []string
	for _, g := range flagGroups {
		sub := pflag.NewFlagSet(g.title, pflag.ContinueOnError)
		for _, name := range g.flags {
			grouped[name] = true
			if f := fs.Lookup(name); f != nil {
				sub.AddFlag(f)
			}
		}
		if u := sub.FlagUsages(); u != "" {
			sections = append(sections, fmt.Sprintf("%s (%s):\n%s", g.title, g.page, u))
		}
	}
	own := pflag.NewFlagSet("own", pflag.ContinueOnError)
	fs.VisitAll(func(f *pflag.Flag) {
		if !grouped[f.Name] {
			own.AddFlag(f)
		}
	})
	if u := own.FlagUsages(); u != "" {
		sections = append([]string{"Flags:\n" + u}, sections...)
	}
	fmt.Fprint(w, strings.Join(sections, "\n"))
}
