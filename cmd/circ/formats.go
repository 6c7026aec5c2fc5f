package main

import (
	"io"
	"os/exec"
	"strings"

	"circ/report"
)

// reportWriters are circ check's output formats, by --format name.
var reportWriters = map[string]func(*report.Report, io.Writer) error{
	"text": (*report.Report).WriteText,
	"json": (*report.Report).WriteJSON,
	"sarif": func(r *report.Report, w io.Writer) error {
		return r.WriteSARIF(w, strings.TrimPrefix(version, "circ "))
	},
	"html": func(r *report.Report, w io.Writer) error {
		// Without Graphviz the page shows the ACFAs as DOT text.
		dot, _ := exec.LookPath("dot")
		return r.WriteHTML(w, report.HTMLOptions{Dot: dot, Version: version})
	},
}
