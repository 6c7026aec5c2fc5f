// Package cfront is circ's C front end: it owns the translation of a C
// source file (or an already preprocessed .i file) into a cfa.Program
// (Load, Parse and their -With forms; ParseAST for tools that want the
// AST). It preprocesses, parses and type checks with modernc.org/cc/v4
// (using the host gcc's predefined macros and include paths, and circ's
// own headers from package include), then lowers the functions reachable
// from main and from every thread start routine (pthread_create,
// thrd_create, callbacks handed to code without a body) into one
// control-flow automaton per thread template, with all calls inlined and
// side effects linearized into temporaries.
//
// The concurrency API of docs/concurrency-api.md (pthread and C11
// threads, thread ids, joins and detach, mutexes, rwlocks, spin locks,
// semaphores, condition variables, barriers, once, thread-specific and
// thread-local data, atomics with their memory orders, atomic sections,
// __VERIFIER_* built-ins, assert) is mapped onto cfa operations (sync.go,
// threads.go, specific.go, tls.go, atomics.go). Struct variables are
// replaced by their scalar fields (structs.go); objects reached through
// pointers, arrays and heap blocks are laid out as cells, and
// dereferences become choices among them (memory.go, pointers.go), with
// summaries for arrays, heap blocks and library objects of unbounded
// number (heap.go, extern.go); calls through function pointers become
// choices among the functions the pointer may hold (funcptr.go); the
// points-to analysis then settles what that left open (settle.go). The C
// library functions circ models are in libc.go and stdio.go; a function
// with neither a body nor a model is approximated as separately compiled
// code that may return any value, read and overwrite what its pointer
// arguments reach and run its callbacks in new threads (libc.go).
//
// Where C leaves a step undefined (an invalid access, a second join of a
// thread, a mutex that holds indeterminate bytes, ...), the step is an
// undefined-behaviour arm (cfa.Edge.Undefined), never a silent cut; where
// the front end over-approximates (an undefined function, a weak memory
// order read as seq_cst), the edge is marked (cfa.Edge.Approx). Anything
// it cannot model soundly (floating point, recursion, setjmp/longjmp, a
// stack object shared by the threads of a template that runs more than
// once, a number computed from a packed layout, ...) is reported as an
// *Error with its file:line:column; the package never guesses and never
// panics through its API.
package cfront

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"circ/cfa"
	"circ/include"

	"modernc.org/cc/v4"
	"modernc.org/token"
)

// Error is a front-end error at a source position.
type Error struct {
	Pos cfa.Pos
	Msg string
}

// Error formats the error as file:line:column: message, on one line.
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d%s: %s", e.Pos.File, e.Pos.Line, e.Pos.Col, e.Pos.Origin(), e.Msg)
}

func newError(pos cfa.Pos, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	msg = strings.Join(strings.Fields(strings.ReplaceAll(msg, "\n", "; ")), " ")
	return &Error{Pos: pos, Msg: msg}
}

// maxEdges bounds the size of one program after inlining.
const maxEdges = 2_000_000

var (
	cfgOnce sync.Once
	cfgVal  *cc.Config
	cfgErr  error
)

func config() (*cc.Config, error) {
	cfgOnce.Do(func() {
		cfgVal, cfgErr = cc.NewConfig(runtime.GOOS, runtime.GOARCH)
	})
	return cfgVal, cfgErr
}

var (
	cfg32Once sync.Once
	cfg32Val  *cc.Config
	cfg32Err  error
)

// config32 is the configuration of gcc -m32 (ILP32, data_model.go),
// searching after its include directories the host's (where a 64-bit
// Debian keeps the bits/ headers both builds share) and circ's stand-in
// for the headers only a 32-bit libc6-dev has.
func config32() (*cc.Config, error) {
	cfg32Once.Do(func() {
		host, err := config()
		if err != nil {
			cfg32Err = err
			return
		}
		cfg, err := cc.NewConfig(runtime.GOOS, "386", "-m32")
		if err != nil {
			cfg32Err = err
			return
		}
		add := func(dirs, more []string) []string {
			for _, d := range more {
				if !slices.Contains(dirs, d) {
					dirs = append(dirs, d)
				}
			}
			return append(dirs, include.ILP32Dir)
		}
		cfg.IncludePaths = add(cfg.IncludePaths, host.IncludePaths)
		cfg.SysIncludePaths = add(cfg.SysIncludePaths, host.SysIncludePaths)
		cfg32Val = cfg
	})
	return cfg32Val, cfg32Err
}

// Options are what a C compiler's command line adds to a translation:
// include directories (-I) searched before the host's, and macro
// definitions (-D NAME or -D NAME=VALUE) added after its predefined ones;
// and one choice of circ's own lowering.
type Options struct {
	IncludeDirs []string
	Defines     []string
	// HandlesApart lowers every array of at most MaxHandlesApart
	// thread handles handle by handle, with its counting loops
	// unrolled, where an array of minHandleSummary or more is otherwise
	// an element summary (handleArray): a race or proof that needs each
	// thread apart, at a cost exponential in the array's length.
	HandlesApart bool
	// HavocUnknown lets an undefined function reach memory through the
	// pointers circ cannot type: a void pointer, a pointer to an
	// incomplete struct, a union or struct passed by value. It reads
	// and overwrites every cell of each object such a pointer may point
	// into, as it does through typed pointers (extern.go); otherwise
	// such an argument is an error naming the function.
	HavocUnknown bool
	// AllocNeverFails assumes that malloc, calloc, realloc and strdup
	// always return a block, never null: SV-COMP's rule for its tasks
	// when the race-challenges tasks were written. By default an
	// allocation may fail, as C allows.
	AllocNeverFails bool
	// DataModel is ILP32 or LP64, the widths of long and of pointers
	// (data_model.go); "" reads a file that declares size_t unsigned
	// int as ILP32 and any other as LP64, the host's.
	DataModel string
	// Progress, if set, gets a line as each stage of reading ends: a
	// real program's reading takes minutes.
	Progress io.Writer
}

// MaxHandlesApart is the longest array of thread handles that
// Options.HandlesApart lowers handle by handle.
const MaxHandlesApart = 16

// CheckDefine validates one -D argument: NAME, NAME=VALUE, or a
// function-like NAME(ARGS)=VALUE.
func CheckDefine(d string) error {
	name, _, _ := strings.Cut(d, "=")
	name, _, _ = strings.Cut(name, "(")
	if !identRE.MatchString(name) {
		return fmt.Errorf("-D %q: %q is not a macro name", d, name)
	}
	return nil
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// defines turns -D arguments into preprocessor lines, as gcc does: a
// definition without a value defines the macro as 1.
func (o Options) defines() string {
	var b strings.Builder
	for _, d := range o.Defines {
		name, value, ok := strings.Cut(d, "=")
		if !ok {
			value = "1"
		}
		fmt.Fprintf(&b, "#define %s %s\n", name, value)
	}
	return b.String()
}

// Load parses a .c file (preprocessed by cc/v4 with the host gcc's
// predefined macros and include paths) or a .i file (already
// preprocessed) and builds the program.
func Load(path string) (*cfa.Program, error) { return LoadWith(path, Options{}) }

// LoadWith is Load with compiler options.
func LoadWith(path string, opts Options) (*cfa.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		msg := err.Error()
		if pe, ok := err.(*os.PathError); ok {
			msg = pe.Err.Error()
		}
		return nil, newError(cfa.Pos{File: path}, "cannot read file: %s", msg)
	}
	return ParseWith(path, src, opts)
}

// Parse does the same as Load from source text; name is used in positions
// and decides .c vs .i handling (a name ending in .i is not preprocessed
// again, apart from the compiler's predefined macros).
func Parse(name string, src []byte) (*cfa.Program, error) {
	return ParseWith(name, src, Options{})
}

// ParseWith is Parse with compiler options.
func ParseWith(name string, src []byte, opts Options) (prog *cfa.Program, err error) {
	b := &builder{file: name, handlesApart: opts.HandlesApart, havocUnknown: opts.HavocUnknown, allocNeverFails: opts.AllocNeverFails, target: detectTarget(src),
		stage: StageNotes(name, opts.Progress)}
	defer func() {
		if r := recover(); r != nil {
			prog = nil
			if e, ok := r.(*Error); ok {
				err = e
				return
			}
			pos := b.lastPos
			if pos.File == "" {
				pos = cfa.Pos{File: name}
			}
			err = newError(pos, "cfront internal error: %v (%s)", r, firstFrames(debug.Stack()))
		}
	}()
	ast, lines, libDirs, terr := translateFile(name, src, opts)
	b.lines = lines
	b.headers = headerDirs{library: libDirs, program: append([]string{filepath.Dir(name)}, opts.IncludeDirs...)}
	if terr != nil {
		e, ok := terr.(*Error)
		if !ok {
			e = ccError(name, terr)
		}
		if e.Pos.File == "<end>" {
			// The parser ran into the sentinel: the user's file ended early.
			e.Pos = endPos(name, src)
		}
		e.Pos = b.mapPos(e.Pos)
		return nil, e
	}
	if ast == nil || ast.TranslationUnit == nil {
		return nil, newError(cfa.Pos{File: name}, "empty translation unit")
	}
	b.ast = ast
	b.stage("parsed")
	// A pass that finds allocation sites needing a summary (see
	// heap.go), or types of library objects (extern.go), lowers the
	// program again with them summarized; the sets only grow, so this
	// ends.
	for pass := 1; ; pass++ {
		if prog := b.build(); prog != nil {
			if b.lines.fromNesC() {
				nescNames(prog, src)
			}
			return prog, nil
		}
		if pass > maxPasses {
			return nil, newError(cfa.Pos{File: name}, "cfront internal error: allocation sites still need summaries after %d passes (%v)", maxPasses, b.resummarize)
		}
		summarize := b.summarize
		if summarize == nil {
			summarize = map[string]bool{}
		}
		for _, name := range b.resummarize {
			summarize[name] = true
		}
		pre := append(b.preExterns, b.lateExterns...)
		b.stage("lowering again, with %d allocation sites summarized and %d library objects", len(summarize), len(pre))
		b = &builder{file: b.file, lines: b.lines, ast: ast, summarize: summarize, handlesApart: b.handlesApart, havocUnknown: b.havocUnknown, allocNeverFails: b.allocNeverFails, target: b.target, preExterns: pre,
			headers: b.headers, stage: b.stage}
	}
}

// StageNotes returns the function that writes a progress line to w
// (nil: none) as a stage of reading the file name ends, with the time
// since the call: the stages of Options.Progress, and those a caller
// runs after them.
func StageNotes(name string, w io.Writer) func(format string, args ...any) {
	start := time.Now()
	return func(format string, args ...any) {
		if w != nil {
			fmt.Fprintf(w, "circ: reading %s: %s (%s)\n", filepath.Base(name), fmt.Sprintf(format, args...), time.Since(start).Round(100*time.Millisecond))
		}
	}
}

// maxPasses bounds the lowering passes: each summarizes at least one
// more allocation site, whose names do not change between passes.
const maxPasses = 64

// translateFile preprocesses, parses and type checks the C file name
// (text src) with gcc's configuration, circ's shipped headers and opts.
// It also returns the table of src's line directives, which cc/v4 does
// not see (see lineDirectives), and the include directories of the
// compiler and of circ, whose headers are the library's (headerDirs).
// A bad option or configuration is an
// *Error; cc/v4's own errors are returned as they are.
func translateFile(name string, src []byte, opts Options) (*cc.AST, *lineTable, []string, error) {
	target := detectTarget(src)
	configure := config
	if ilp32, err := readsILP32(src, opts, target); err != nil {
		return nil, nil, nil, newError(cfa.Pos{File: name}, "%v", err)
	} else if ilp32 {
		configure = config32
	}
	cfg0, err := configure()
	if err != nil {
		return nil, nil, nil, newError(cfa.Pos{File: name}, "cannot configure the C front end: %v", err)
	}
	cfg := *cfg0
	libDirs := append(append(slices.Clone(cfg0.IncludePaths), cfg0.SysIncludePaths...), include.Dir)
	cfg.ABI = targetABI(cfg.ABI, target)
	lines, src := lineDirectives(name, src)
	src = rewriteModeTypedefs(src, target)
	cfg.ExpansionLimit = 50_000_000
	// The headers shipped with circ (circ/tinyos.h, ...) are served from
	// the binary, after the host's include directories.
	if cfg.FS == nil {
		cfg.FS = include.FS
	}
	for _, d := range opts.Defines {
		if err := CheckDefine(d); err != nil {
			return nil, nil, nil, newError(cfa.Pos{File: name}, "%v", err)
		}
	}
	cfg.PragmaHandler = rejectPack
	cfg.IncludePaths = append(append(append([]string(nil), opts.IncludeDirs...), cfg.IncludePaths...), include.Dir)
	cfg.SysIncludePaths = append(append(append(append([]string(nil), opts.IncludeDirs...), include.OverrideDir), cfg.SysIncludePaths...), include.Dir)
	predefined := cfg.Predefined
	if strings.HasSuffix(name, ".i") {
		predefined = reservedOnly(predefined)
	}
	// glibc's ctype macros index the library's table through
	// __ctype_b_loc(); without them isdigit and the like are calls of
	// the library table's rows (libcfuncs.go).
	predefined += "\n#define __NO_CTYPE 1\n"
	predefined += opts.defines()
	sources := []cc.Source{
		{Name: "<predefined>", Value: predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: name, Value: string(src)},
		// A trailing declaration works around a cc/v4 parser loop that
		// never ends when a pointer declarator runs into the end of input
		// (typeQualifierList shifts EOF forever). It is never lowered.
		{Name: "<end>", Value: "int " + sentinel + ";\n"},
	}
	ast, err := translate(&cfg, sources, name)
	if err != nil && strings.Contains(err.Error(), "redeclaration of '") {
		if fixed, ok := unnamedTypeParams(&cfg, sources, 2); ok {
			sources[2].Value = string(fixed)
			ast, err = translate(&cfg, sources, name)
		}
	}
	return ast, lines, libDirs, err
}

// rejectPack rejects a #pragma pack that sets an alignment: cc/v4 lays
// structs out without it, so their sizes and offsets would not be
// gcc's (packed.go). pack(), pack(push) and pack(pop) set none; any
// other form names a number.
func rejectPack(toks []cc.Token) error {
	if len(toks) == 0 || toks[0].SrcStr() != "pack" {
		return nil
	}
	for _, t := range toks[1:] {
		if s := t.SrcStr(); s != "" && s[0] >= '0' && s[0] <= '9' {
			return fmt.Errorf("%v: unsupported: #pragma pack: cc/v4 lays structs out without it", toks[0].Position())
		}
	}
	return nil
}

// translate runs cc.Translate, turning a panic inside cc/v4 into an error.
func translate(cfg *cc.Config, sources []cc.Source, name string) (ast *cc.AST, err error) {
	defer func() {
		if r := recover(); r != nil {
			ast, err = nil, newError(cfa.Pos{File: name}, "C parser failure: %v", r)
		}
	}()
	return cc.Translate(cfg, sources)
}

// sentinel names the declaration appended after the user's source.
const sentinel = "__cfront_end_of_input"

// reservedOnly drops the predefined macros whose names are not reserved
// identifiers (like linux or unix): in an already preprocessed file they
// have been expanded, and any remaining occurrence is an ordinary name.
func reservedOnly(predefined string) string {
	var out []string
	for _, line := range strings.Split(predefined, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "#define" && !strings.HasPrefix(f[1], "_") {
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

var posRE = regexp.MustCompile(`^(.*?):(\d+):(\d+): ?(.*)$`)

// ccDebugRE matches the Go source location cc/v4 appends to some of its
// messages, as in "undefined: z (check.go:5317:check:)".
var ccDebugRE = regexp.MustCompile(`\s*\(\w+\.go:\d+:[^)]*\)$`)

// endPos is the position just after the last character of src.
func endPos(name string, src []byte) cfa.Pos {
	text := strings.TrimRight(string(src), "\n")
	line := strings.Count(text, "\n") + 1
	col := len(text) - strings.LastIndex(text, "\n")
	return cfa.Pos{File: name, Line: line, Col: col}
}

// ccError turns a cc/v4 error (one or more lines "file:line:col: msg")
// into an *Error for the first one.
func ccError(name string, err error) *Error {
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	first := lines[0]
	// Prefer the first error located in the user's file.
	for _, l := range lines {
		if strings.HasPrefix(l, name+":") {
			first = l
			break
		}
	}
	if m := posRE.FindStringSubmatch(first); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		// cc/v4 ends some messages (and those of the pragma
		// handler) with a colon.
		msg := strings.TrimSuffix(ccDebugRE.ReplaceAllString(m[4], ""), ":")
		return newError(cfa.Pos{File: m[1], Line: line, Col: col}, "%s", msg)
	}
	return newError(cfa.Pos{File: name}, "%s", first)
}

func firstFrames(stack []byte) string {
	var out []string
	for _, l := range strings.Split(string(stack), "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "/") && strings.Contains(l, "cfront") && !strings.Contains(l, "cfront.go") {
			out = append(out, l[strings.LastIndex(l, "/")+1:])
			if len(out) == 2 {
				break
			}
		}
	}
	return strings.Join(out, " < ")
}

func toPos(p token.Position) cfa.Pos {
	return cfa.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// intValue converts a cc constant value to an int64.
func intValue(v cc.Value) (int64, bool) {
	switch x := v.(type) {
	case cc.Int64Value:
		return int64(x), true
	case cc.UInt64Value:
		if uint64(x) <= math.MaxInt64 {
			return int64(x), true
		}
	}
	return 0, false
}
