package native

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"circ/cfa/cfront"
	"circ/report"

	"modernc.org/cc/v4"
)

// Plan is an instrumented program: the source with schedule points, and
// the schedule the runtime enforces.
type Plan struct {
	// Source is the program text with schedule points inserted. No
	// newline is added, so every line keeps its number (columns move).
	Source []byte
	// Anchors is the number of schedule points.
	Anchors int
	// Threads names the trace's threads (template#instance); the runtime
	// refers to them by index.
	Threads   []string
	Templates []string
	// Schedule is the forced order: one entry per execution of a
	// statement (consecutive steps of one thread at one anchor).
	Schedule []Entry
	// Values are the nondeterministic choices of the trace, in order.
	Values []Value
	// Racers are the two racing threads and the anchors of their
	// accesses.
	Racers []Racer
	// Unanchored lists the steps whose position has no schedule point
	// (in a header, inside a macro expansion): they run when their
	// thread gets there, unforced.
	Unanchored []int
	// UsesSem and UsesThreads record which optional thread headers the
	// program includes.
	UsesSem, UsesThreads bool
}

// Entry is one forced step of the schedule.
type Entry struct {
	Thread, Anchor int
	Step           int // the trace step it starts with
}

// Value is a nondeterministic choice: the Thread's next havoc at Anchor
// (-1: wherever the thread is, for a havoc without a schedule point).
type Value struct {
	Thread, Anchor int
	Value          string // a C constant
}

// Racer is one side of the race.
type Racer struct {
	Thread, Anchor int // Anchor is -1 when the access has none
}

// anchorKind says how a schedule point is inserted.
type anchorKind int

const (
	beforeStmt anchorKind = iota // "P; stmt" inside a block
	wrapStmt                     // "{ P; stmt }" for a sub-statement of if, while, a label, ...
	wrapCond                     // "(P, cond)" for a controlling expression, evaluated each time
)

type anchor struct {
	id         int
	kind       anchorKind
	start, end int // byte offsets; end is used by the wrapping kinds
}

type edit struct {
	off   int
	text  string
	close bool // a closing insertion goes before an opening one at the same offset
	span  int  // the other end of the wrapped range, to nest equal offsets
}

// instrumenter holds the source, its AST index and the anchors chosen.
type instrumenter struct {
	name       string
	src        []byte
	lineStarts []int
	deepest    map[[2]int][]any // line, col -> stack of the deepest node starting there
	anchors    map[[2]int]*anchor
	edits      []edit
	decls      map[int]bool // havoc initializers already inserted, by offset
}

// Instrument inserts schedule points into src (the file name as the
// trace names it, parsed into ast) for the trace's steps and race
// accesses, and derives the schedule.
func Instrument(name string, src []byte, ast *cc.AST, tr *report.Trace) (*Plan, error) {
	in := &instrumenter{name: name, src: src, deepest: map[[2]int][]any{}, anchors: map[[2]int]*anchor{}, decls: map[int]bool{}}
	in.lineStarts = []int{0}
	for i, c := range src {
		if c == '\n' {
			in.lineStarts = append(in.lineStarts, i+1)
		}
	}
	cfront.Walk(ast.TranslationUnit, func(n any, stack []any) bool {
		nd, ok := n.(cc.Node)
		if !ok {
			return true
		}
		p := nd.Position()
		if p.Filename != name || p.Line == 0 {
			return true
		}
		k := [2]int{p.Line, p.Column}
		if old, ok := in.deepest[k]; !ok || len(stack) >= len(old) {
			in.deepest[k] = append(append([]any(nil), stack...), n)
		}
		return true
	})
	in.atomicFunctions(ast)

	plan := &Plan{}
	threadIdx := map[string]int{}
	tmplSeen := map[string]bool{}
	thread := func(name string) int {
		if i, ok := threadIdx[name]; ok {
			return i
		}
		threadIdx[name] = len(plan.Threads)
		plan.Threads = append(plan.Threads, name)
		tmpl, _, _ := strings.Cut(name, "#")
		if !tmplSeen[tmpl] {
			tmplSeen[tmpl] = true
			plan.Templates = append(plan.Templates, tmpl)
		}
		return threadIdx[name]
	}
	thread("main#1")
	var ops map[string]bool // the operations of the last entry
	for _, s := range tr.Steps {
		if s.Ghost {
			continue
		}
		th := thread(s.Thread)
		a := in.anchorAt(s.Pos)
		if strings.HasPrefix(s.Op, "havoc ") {
			if v, ok := chosen(s.Op); ok {
				if a >= 0 {
					in.havocDecl(s.Pos)
				}
				plan.Values = append(plan.Values, Value{Thread: th, Anchor: a, Value: v})
			}
		}
		if a < 0 {
			plan.Unanchored = append(plan.Unanchored, s.Step)
			continue
		}
		// A step joins the entry before it when it continues the same
		// execution of the same statement by the same thread. The trace
		// does not say where an execution starts; a repeated operation
		// (a loop around one statement) is taken to start a new one.
		op := fmt.Sprintf("%s|%t", s.Op, s.Atomic)
		if n := len(plan.Schedule); n > 0 && plan.Schedule[n-1].Thread == th && plan.Schedule[n-1].Anchor == a && !ops[op] {
			ops[op] = true
			continue
		}
		ops = map[string]bool{op: true}
		plan.Schedule = append(plan.Schedule, Entry{Thread: th, Anchor: a, Step: s.Step})
	}
	for _, r := range tr.Race {
		plan.Racers = append(plan.Racers, Racer{Thread: thread(r.Thread), Anchor: in.anchorAt(r.Pos)})
	}
	plan.Anchors = len(in.anchors)
	plan.Source = in.apply()
	plan.UsesSem = bytes.Contains(src, []byte("semaphore.h"))
	plan.UsesThreads = bytes.Contains(src, []byte("threads.h"))
	return plan, nil
}

// chosen extracts V from a havoc operation "havoc x ... (chose V)" as a C
// constant.
func chosen(op string) (string, bool) {
	i := strings.LastIndex(op, "(chose ")
	if i < 0 {
		return "", false
	}
	v, _, ok := strings.Cut(op[i+len("(chose "):], ")")
	if !ok {
		return "", false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n == -1<<63 {
			return "(-9223372036854775807LL - 1)", true
		}
		return strconv.FormatInt(n, 10) + "LL", true
	}
	if n, err := strconv.ParseUint(v, 10, 64); err == nil {
		return "(long long)" + strconv.FormatUint(n, 10) + "ULL", true
	}
	return "", false
}

// anchorAt returns the schedule point for a trace position, creating it
// on first use, or -1 when the position cannot be instrumented.
func (in *instrumenter) anchorAt(pos string) int {
	file, line, col, ok := report.ParsePos(pos)
	if !ok || file != in.name {
		return -1
	}
	stack := in.deepest[[2]int{line, col}]
	if stack == nil {
		return in.closingBrace(line, col)
	}
	for i := len(stack) - 1; i >= 0; i-- {
		n := stack[i]
		var parent any
		if i > 0 {
			parent = stack[i-1]
		}
		switch p := parent.(type) {
		case *cc.SelectionStatement:
			if same(p.ExpressionList, n) {
				if a := in.cond(n); a >= 0 {
					return a
				}
			}
		case *cc.IterationStatement:
			isCond := same(p.ExpressionList2, n) || same(p.ExpressionList3, n) ||
				(same(p.ExpressionList, n) && (p.Case == cc.IterationStatementWhile || p.Case == cc.IterationStatementDo))
			if isCond {
				if a := in.cond(n); a >= 0 {
					return a
				}
			}
		}
		switch x := n.(type) {
		case *cc.Statement:
			_, inBlock := parent.(*cc.BlockItem)
			target := x
			for target.Case == cc.StatementLabeled && target.LabeledStatement.Statement != nil {
				target = target.LabeledStatement.Statement
				inBlock = false
			}
			if a := in.stmt(target, inBlock); a >= 0 {
				return a
			}
		case *cc.Declaration:
			if _, ok := parent.(*cc.BlockItem); ok {
				if a := in.stmt(x, true); a >= 0 {
					return a
				}
			}
		}
	}
	return -1
}

// same reports whether the interface value e holds the node n.
func same(e cc.ExpressionNode, n any) bool {
	return e != nil && any(e) == n
}

// cond anchors a controlling expression: "(__circ_point(N), e)".
func (in *instrumenter) cond(n any) int {
	start, end, ok := in.span(n)
	if !ok {
		return -1
	}
	return in.add(wrapCond, start, end)
}

// stmt anchors a statement or declaration: before it in a block, or
// wrapped in braces when it is the sub-statement of another statement.
func (in *instrumenter) stmt(n any, inBlock bool) int {
	start, end, ok := in.span(n)
	if !ok {
		return -1
	}
	if inBlock {
		return in.add(beforeStmt, start, end)
	}
	return in.add(wrapStmt, start, end)
}

// closingBrace anchors a position at the '}' that ends a block (the
// steps of a function's implicit return): "P; }".
func (in *instrumenter) closingBrace(line, col int) int {
	off, ok := in.offset(line, col)
	if !ok || off >= len(in.src) || in.src[off] != '}' {
		return -1
	}
	return in.add(beforeStmt, off, off)
}

func (in *instrumenter) add(kind anchorKind, start, end int) int {
	k := [2]int{int(kind), start}
	if a, ok := in.anchors[k]; ok {
		return a.id
	}
	a := &anchor{id: len(in.anchors), kind: kind, start: start, end: end}
	in.anchors[k] = a
	point := fmt.Sprintf("__circ_point(%d)", a.id)
	switch kind {
	case beforeStmt:
		in.edits = append(in.edits, edit{off: start, text: point + "; ", span: end})
	case wrapStmt:
		in.edits = append(in.edits, edit{off: start, text: "{ " + point + "; ", span: end},
			edit{off: end, text: " }", close: true, span: start})
	case wrapCond:
		in.edits = append(in.edits, edit{off: start, text: "(" + point + ", ", span: end},
			edit{off: end, text: ")", close: true, span: start})
	}
	return a.id
}

// havocDecl gives an uninitialized local declared at pos the trace's
// value: circ havocs it, native code would read garbage.
func (in *instrumenter) havocDecl(pos string) {
	_, line, col, _ := report.ParsePos(pos)
	stack := in.deepest[[2]int{line, col}]
	for i := len(stack) - 1; i > 0; i-- {
		d, ok := stack[i].(*cc.Declarator)
		if !ok {
			continue
		}
		id, ok := stack[i-1].(*cc.InitDeclarator)
		if !ok || id.Initializer != nil || id.Declarator != d {
			return
		}
		if t := d.Type(); t == nil || t.Kind() == cc.Array || t.Kind() == cc.Struct || t.Kind() == cc.Union {
			return // no scalar initializer fits: native code keeps its garbage
		}
		for j := i - 2; j >= 0; j-- {
			if decl, ok := stack[j].(*cc.Declaration); ok {
				if in.storageClass(decl) {
					return
				}
				break
			}
		}
		_, end, ok := in.span(d)
		if !ok || in.decls[end] {
			return
		}
		in.decls[end] = true
		in.edits = append(in.edits, edit{off: end, text: " = __circ_havoc()", close: true, span: end})
		return
	}
}

// storageClass reports whether a declaration is static, extern or
// typedef: none of those is a havocked local.
func (in *instrumenter) storageClass(decl *cc.Declaration) bool {
	for _, t := range tokens(decl.DeclarationSpecifiers) {
		switch t.SrcStr() {
		case "static", "extern", "typedef", "_Thread_local", "__thread":
			return true
		}
	}
	return false
}

// atomicFunctions makes the body of every __VERIFIER_atomic_* function an
// atomic section: a local whose cleanup ends the section on every return.
func (in *instrumenter) atomicFunctions(ast *cc.AST) {
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.FunctionDefinition == nil {
			continue
		}
		fd := ed.FunctionDefinition
		name := fd.Declarator.Name()
		if !strings.HasPrefix(name, "__VERIFIER_atomic_") || name == "__VERIFIER_atomic_begin" || name == "__VERIFIER_atomic_end" {
			continue
		}
		if fd.Declarator.Position().Filename != in.name {
			continue
		}
		open := fd.CompoundStatement.Token
		off, ok := in.tokenOffset(open)
		if !ok {
			continue
		}
		in.edits = append(in.edits, edit{off: off + 1, text: " int __circ_guard __attribute__((cleanup(__circ_guard_end))) = __circ_guard_begin(); (void)__circ_guard;", span: off + 1})
	}
}

// apply inserts the edits into the source.
func (in *instrumenter) apply() []byte {
	sort.SliceStable(in.edits, func(i, j int) bool {
		a, b := in.edits[i], in.edits[j]
		if a.off != b.off {
			return a.off < b.off
		}
		if a.close != b.close {
			return a.close
		}
		if a.close {
			return a.span > b.span // the inner range closes first
		}
		return a.span > b.span // the outer range opens first
	})
	var out bytes.Buffer
	prev := 0
	for _, e := range in.edits {
		out.Write(in.src[prev:e.off])
		out.WriteString(e.text)
		prev = e.off
	}
	out.Write(in.src[prev:])
	return out.Bytes()
}

func (in *instrumenter) offset(line, col int) (int, bool) {
	if line < 1 || line > len(in.lineStarts) {
		return 0, false
	}
	off := in.lineStarts[line-1] + col - 1
	return off, off >= 0 && off <= len(in.src)
}

// tokenOffset is the byte offset of a token of the main file, checked
// against the text: a token produced by a macro expansion carries the
// position of the invocation and does not match.
func (in *instrumenter) tokenOffset(t cc.Token) (int, bool) {
	p := t.Position()
	if p.Filename != in.name {
		return 0, false
	}
	off, ok := in.offset(p.Line, p.Column)
	src := t.Src()
	if !ok || off+len(src) > len(in.src) || !bytes.Equal(in.src[off:off+len(src)], src) {
		return 0, false
	}
	return off, true
}

// span is the byte range of a node's tokens; ok is false unless every
// token is where its position says in the main file.
func (in *instrumenter) span(n any) (start, end int, ok bool) {
	ts := tokens(n)
	if len(ts) == 0 {
		return 0, 0, false
	}
	start = len(in.src)
	for _, t := range ts {
		off, ok := in.tokenOffset(t)
		if !ok {
			return 0, 0, false
		}
		start = min(start, off)
		end = max(end, off+len(t.Src()))
	}
	return start, end, true
}

var tokenType = reflect.TypeOf(cc.Token{})

// tokens collects the tokens of a node and of every node below it.
func tokens(n any) []cc.Token {
	var out []cc.Token
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		if v.Type() == tokenType {
			t := v.Interface().(cc.Token)
			if len(t.Src()) > 0 {
				out = append(out, t)
			}
			return
		}
		if !isNode(v) {
			return
		}
		s := v.Elem()
		for i := 0; i < s.NumField(); i++ {
			if s.Type().Field(i).IsExported() {
				visit(s.Field(i))
			}
		}
	}
	visit(reflect.ValueOf(n))
	return out
}

var ccPkg = reflect.TypeOf(cc.AST{}).PkgPath()

func isNode(v reflect.Value) bool {
	return v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct && v.Elem().Type().PkgPath() == ccPkg
}
