package main

import (
	"fmt"
	"io"

	"circ/cfa/cfront"
	"circ/lockset"
	"circ/report"

	"github.com/spf13/pflag"
)

// runLockset is `circ lockset`: the classic static lockset check (the
// baseline circ is compared against), with the output contract of
// `circ check`.
func runLockset(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("circ lockset", pflag.ContinueOnError)
	vars := fs.StringArray("var", nil, "check only this global (repeatable; default: every global shared by two threads)")
	format := fs.String("format", "text", "output format: text or json")
	var cflags cfront.Options
	addCFlags(fs, &cflags)
	if code, ok := parseFlags(fs, args, "lockset", "Usage: circ lockset [flags] FILE.c|FILE.i\n\n"+
		"The classic static lockset check (Eraser / nesC style): a variable is a race when\n"+
		"two threads access it, at least one writing, holding no common lock (mutexes, and\n"+
		"\"atomic\" for atomic sections). Values are not tracked: warnings can be false alarms.", stdout, stderr); !ok {
		return code
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "circ: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() != 1 {
		return bad("lockset needs exactly one input file (got %d); see 'circ lockset --help'", fs.NArg())
	}
	if *format != "text" && *format != "json" {
		return bad("--format must be text or json, not %q", *format)
	}
	prog, err := load(fs.Arg(0), cflags, nil)
	if err != nil {
		return bad("%v", err)
	}
	sel, err := selectVars(prog, *vars)
	if err != nil {
		return bad("%v", err)
	}
	rep := &report.Report{File: fs.Arg(0), Results: lockset.Check(prog, sel)}
	if rep.Results == nil {
		rep.Results = []report.Result{}
	}
	if *format == "json" {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		return bad("writing the report: %v", err)
	}
	return rep.ExitStatus()
}
