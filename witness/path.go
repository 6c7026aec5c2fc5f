package witness

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"circ/report"
)

// eventKind is what one point of a witness path asks of the program.
type eventKind int

const (
	// statement: the thread executes the statement at the position.
	statement eventKind = iota
	// create: the thread calls the thread-creating function whose
	// closing parenthesis is at the position, creating thread newThread
	// running function callee.
	create
	// nondet: the call of callee (a __VERIFIER_nondet_ function) whose
	// closing parenthesis is at the position returns value.
	nondet
	// target: the thread is about to make one of the two racing
	// accesses, the statement at the position.
	target
)

// event is one point of a witness path, at a position of the checked
// file, in the order of the trace.
type event struct {
	kind      eventKind
	thread    int    // witness thread id of the thread taking the step
	line, col int    // 1-based
	function  string // C function around the position
	callee    string // create: the thread function; nondet: the nondet function
	value     int64  // nondet: the value returned
	newThread int    // create: the witness thread id of the new thread
	write     bool   // target: the access writes
}

// path is a race trace turned into witness events: the trace's steps,
// then the two racing accesses.
type path struct {
	events  []event // steps, in trace order
	targets [2]event
	threads []string // witness thread id -> circ's tmpl#inst
}

var (
	// createOp matches a creation; a shadow template (cfa.CFA.Shadows)
	// is named f[*].
	createOp = regexp.MustCompile(`(?:^|:= |: )create ([A-Za-z_][A-Za-z0-9_]*(?:\[\*\])?)`)
	// splitCreateOp matches the creation of a template split by its
	// argument (cfa.SplitByArgument), named f(arg): "create f(1)(1)".
	splitCreateOp = regexp.MustCompile(`(?:^|:= |: )create (([A-Za-z_][A-Za-z0-9_]*)\([^()]*\)(?:\[\*\])?)\(`)
	havocOp       = regexp.MustCompile(`^(?:.*: )?havoc .*\(chose (-?[0-9]+)\)$`)
)

// newPath maps the race trace of res onto the source of file.
//
// Thread ids: main is 0 and every other thread gets the next number when
// the trace creates it, so ids follow creation order (circ's own thread
// numbers start at 1 for main and are not shown in a witness).
//
// Steps become events by source position. Consecutive steps of one thread
// on one line (the steps a statement or a lowered library call expands
// to) become one statement event, unless the thread comes back to a
// position it left (a loop on one line). A step outside file (an
// included header) is left out, as a witness can only name the task's
// files; so is a thread's exit, which has no statement of its own. A
// havoc that chose a value for a __VERIFIER_nondet_ call becomes a
// nondet event at the call; one that set an uninitialized local has no
// call to name and is left out (a validator cannot steer it).
func newPath(res report.Result, file string, src *source) (*path, error) {
	tr := res.Trace
	if res.Verdict != report.Race || tr == nil {
		return nil, fmt.Errorf("witness: %s is not a race with a trace", res.Variable)
	}
	if len(tr.Race) < 2 {
		return nil, fmt.Errorf("witness: the trace for %s has %d racing accesses, want 2", res.Variable, len(tr.Race))
	}
	p := &path{threads: []string{"main#1"}}
	ids := map[string]int{"main#1": 0}
	id := func(name string) int {
		if n, ok := ids[name]; ok {
			return n
		}
		ids[name] = len(p.threads)
		p.threads = append(p.threads, name)
		return ids[name]
	}
	created := map[string]int{} // template -> instances created so far
	// run is the index of the statement event being extended (-1 for
	// none) and runPos the positions it has covered.
	run := -1
	var runPos map[string]bool
	var lastPos string
	for _, st := range tr.Steps {
		t := id(st.Thread)
		line, col, ok := position(st.Pos, file)
		if m := createOp.FindStringSubmatch(st.Op); m != nil {
			// A create step takes an id even when its position cannot
			// be named, so that later ids stay in creation order.
			// Threads are named by template (f, or f(1) for a split
			// one), the callee is the C function.
			tmpl := m[1]
			if sm := splitCreateOp.FindStringSubmatch(st.Op); sm != nil {
				tmpl = sm[1]
			}
			created[tmpl]++
			nt := id(fmt.Sprintf("%s#%d", tmpl, created[tmpl]))
			run = -1
			if !ok {
				continue
			}
			e := event{kind: create, thread: t, line: line, col: col, callee: strings.TrimSuffix(m[1], "[*]"), newThread: nt}
			// The create call, or the macro invocation it expands
			// from when the source does not show it.
			if l, c, _, found := src.callClose(createCall, line, col); found {
				e.line, e.col = l, c
			} else if l, c, _, found := src.callClose(anyCall, line, col); found {
				e.line, e.col = l, c
			}
			e.function = src.functionOr(line, st.Template)
			p.events = append(p.events, e)
			continue
		}
		if !ok || st.Op == "exit" {
			continue
		}
		if m := havocOp.FindStringSubmatch(st.Op); m != nil {
			if l, c, callee, found := src.callClose(nondetCall, line, col); found {
				v, err := strconv.ParseInt(m[1], 10, 64)
				if err != nil {
					return nil, fmt.Errorf("witness: step %d: bad value in %q", st.Step, st.Op)
				}
				p.events = append(p.events, event{kind: nondet, thread: t, line: l, col: c,
					function: src.functionOr(line, st.Template), callee: callee, value: v})
				// The rest of the statement (an assume on the value, say)
				// folds into the call's return: a waypoint at an earlier
				// column of the line could not follow it.
				run = len(p.events) - 1
				runPos = map[string]bool{st.Pos: true}
				lastPos = st.Pos
			}
			continue
		}
		if run >= 0 && p.events[run].thread == t && p.events[run].line == line && (!runPos[st.Pos] || st.Pos == lastPos) {
			runPos[st.Pos] = true
			lastPos = st.Pos
			continue
		}
		p.events = append(p.events, event{kind: statement, thread: t, line: line, col: col,
			function: src.functionOr(line, st.Template)})
		run = len(p.events) - 1
		runPos = map[string]bool{st.Pos: true}
		lastPos = st.Pos
	}
	for i, a := range tr.Race[:2] {
		line, col, ok := position(a.Pos, file)
		if !ok {
			return nil, fmt.Errorf("witness: racing access %s is not in %s", a.Pos, file)
		}
		tmpl, _, _ := strings.Cut(a.Thread, "#")
		p.targets[i] = event{kind: target, thread: id(a.Thread), line: line, col: col,
			function: src.functionOr(line, tmpl), write: a.Write}
	}
	return p, nil
}

// functionOr is the function around line, or fallback (the thread's
// function) when the source scan finds none.
func (s *source) functionOr(line int, fallback string) string {
	if f := s.functionAt(line); f != "" {
		return f
	}
	return fallback
}

// position splits a trace position file:line:col and reports whether it
// is in file.
func position(pos, file string) (line, col int, ok bool) {
	f, line, col, ok := report.ParsePos(pos)
	if !ok || !sameFile(f, file) {
		return 0, 0, false
	}
	return line, max(col, 1), true
}

func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
