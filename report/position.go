package report

import (
	"sort"
	"strconv"
	"strings"
)

// position is a parsed "file:line:col" of a Step or Access.
type position struct {
	File      string
	Line, Col int
}

// ParsePos splits a Step's or Access's position "file:line:col" at its
// last two colons, so that a file name may hold colons itself; ok is
// false for "-" (no position) and anything else that is not
// file:line:col with a line of at least 1. The origin that line
// directives give a position (" (BlinkC.nc:41)", cfa.Pos.Origin) is
// dropped: the position is the file's own.
func ParsePos(pos string) (file string, line, col int, ok bool) {
	if strings.HasSuffix(pos, ")") {
		if i := strings.LastIndex(pos, " ("); i >= 0 {
			pos = pos[:i]
		}
	}
	rest, c, ok1 := cutLast(pos, ":")
	file, l, ok2 := cutLast(rest, ":")
	if !ok1 || !ok2 || file == "" {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil || line < 1 {
		return "", 0, 0, false
	}
	return file, line, col, true
}

// parsePos is ParsePos as a position, with no column (0) for a column
// below 1.
func parsePos(pos string) (p position, ok bool) {
	file, line, col, ok := ParsePos(pos)
	if !ok {
		return position{}, false
	}
	return position{File: file, Line: line, Col: max(col, 0)}, true
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// splitApproximation splits an approximation note "file:line:col: text"
// into its position and text; ok is false when it has no position.
func splitApproximation(a string) (p position, text string, ok bool) {
	// The position ends at the first ": " after two colons of digits;
	// try each ": " in turn, the file name may hold one too.
	for i := 0; i < len(a); {
		j := strings.Index(a[i:], ": ")
		if j < 0 {
			break
		}
		if p, ok := parsePos(a[:i+j]); ok {
			return p, a[i+j+2:], true
		}
		i += j + 2
	}
	return position{}, a, false
}

// threads lists the threads of t, one lane (HTML) or thread flow
// (SARIF) each: templates in the order their first thread appears in
// the steps and then in the racing accesses, a template's threads by
// instance. Threads the trace creates but never runs have none.
func (t *Trace) threads() []string {
	var out []string
	seen := map[string]bool{}
	tmplOrder := map[string]int{}
	add := func(th string) {
		if seen[th] {
			return
		}
		seen[th] = true
		out = append(out, th)
		if tmpl, _ := splitThread(th); !hasKey(tmplOrder, tmpl) {
			tmplOrder[tmpl] = len(tmplOrder)
		}
	}
	for _, s := range t.Steps {
		add(s.Thread)
	}
	for _, a := range t.Race {
		add(a.Thread)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ti, ii := splitThread(out[i])
		tj, ij := splitThread(out[j])
		if ti != tj {
			return tmplOrder[ti] < tmplOrder[tj]
		}
		return ii < ij
	})
	return out
}

// splitThread splits a thread name "template#instance"; instance is 0
// when the name has none.
func splitThread(th string) (template string, instance int) {
	tmpl, inst, ok := cutLast(th, "#")
	n, err := strconv.Atoi(inst)
	if !ok || err != nil {
		return th, 0
	}
	return tmpl, n
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// accessKind is "write" or "read".
func (a Access) accessKind() string {
	if a.Write {
		return "write"
	}
	return "read"
}

// splitValue splits a step value "name=value" at its first '='.
func splitValue(v string) (name, value string) {
	name, value, ok := strings.Cut(v, "=")
	if !ok {
		return v, ""
	}
	return name, value
}
