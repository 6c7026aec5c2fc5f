// Package native checks circ's race traces against the real machine: it
// owns the native replay of a race trace under ThreadSanitizer. Replay
// rewrites the C file source to source, inserting a schedule point
// (__circ_point(N)) before each statement, and into each controlling
// expression, at which the trace takes a step (positions come from the
// trace, statements from cc/v4's AST, and every inserted text stays on its
// line so that line numbers do not move). A generated runtime forces the
// trace's interleaving at those points: a global turn over the schedule
// (the trace's steps, consecutive steps of one thread at one point
// merged), waited for by spinning on relaxed atomics, from which
// ThreadSanitizer derives no happens-before edge, so the forcing cannot
// hide the race. Threads learn their trace name (template#instance, in
// creation order) from pthread_create and thrd_create wrappers;
// nondeterministic inputs and uninitialized locals take the trace's chosen
// values; circ's built-ins get native definitions (an atomic section is
// one recursive global lock). After the last step every thread runs free,
// and the two racing threads perform their accesses. A watchdog gives up
// forcing when the schedule does not move (a step the source-level points
// cannot force). The program is compiled with gcc -fsanitize=thread -g -O0
// and run with a time limit; the verdict comes from TSan's reports.
// RunFree (free.go) runs a program under TSan with no schedule at all, as
// the machine schedules it: the native judge of the variant tests.
//
// The global lock of atomic sections does not hide a race under the
// svcomp definition: there, at most one of the two accesses is inside an
// atomic section, and the other thread's access is its very next step,
// so it takes no lock between the race state and the access, and no
// release/acquire pair can order the two accesses. It could only order
// accesses that circ runs in atomic sections of both threads, which are
// not races under any definition.
package native

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"circ/cfa/cfront"
	"circ/include"
	"circ/report"
)

// Outcome is the verdict of a native replay.
type Outcome string

const (
	// Confirmed: ThreadSanitizer reported a data race on the variable.
	Confirmed Outcome = "confirmed"
	// NotSeen: the schedule was forced to its end and the program ran,
	// but TSan reported no race on the variable.
	NotSeen Outcome = "not seen"
	// NotForced: the schedule broke (the watchdog gave up) and TSan
	// reported no race on the variable.
	NotForced Outcome = "not forced"
	// Unsupported: the program cannot be replayed natively (no trace,
	// it does not compile, the compiler is missing).
	Unsupported Outcome = "unsupported"
)

// Result is the outcome of replaying one variable's trace.
type Result struct {
	Variable string
	Outcome  Outcome
	// Reason says why the race was not confirmed; for Confirmed it may
	// hold a note (the schedule was not forced to its end).
	Reason string
	// Report is TSan's report on the variable.
	Report string
	// Dir is where the generated program was kept, if it was.
	Dir string
}

// Options configure a replay.
type Options struct {
	// C are the -I and -D flags the program was checked with.
	C cfront.Options
	// CC is the compiler (default "gcc").
	CC string
	// Timeout bounds one run of the program (default 10s); Watchdog is
	// how long the schedule may stand still before forcing is given up
	// (default 2s).
	Timeout, Watchdog time.Duration
	// Keep, when set, is a directory under which the generated program
	// is kept, in a subdirectory named after the variable.
	Keep string
}

func (o Options) cc() string {
	if o.CC == "" {
		return "gcc"
	}
	return o.CC
}

// Available reports whether cc can build and run a program with
// -fsanitize=thread.
func Available(ctx context.Context, cc string) error {
	if cc == "" {
		cc = "gcc"
	}
	dir, err := os.MkdirTemp("", "circ-tsan-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "t.c")
	prog := `#include <pthread.h>
static void *f(void *a) { return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		return err
	}
	bin := filepath.Join(dir, "t")
	if out, err := exec.CommandContext(ctx, cc, "-fsanitize=thread", "-pthread", src, "-o", bin).CombinedOutput(); err != nil {
		return fmt.Errorf("%s -fsanitize=thread cannot build a program: %s", cc, firstLine(out, err))
	}
	if _, _, err := runTSan(ctx, bin, 10*time.Second, nil); err != nil {
		return fmt.Errorf("a -fsanitize=thread program does not run: %v", err)
	}
	return nil
}

// Replay replays res's race trace (res.Trace, found on file) natively
// under ThreadSanitizer.
func Replay(ctx context.Context, file string, res *report.Result, opts Options) Result {
	out := Result{Variable: res.Variable}
	unsupported := func(format string, a ...any) Result {
		out.Outcome, out.Reason = Unsupported, fmt.Sprintf(format, a...)
		return out
	}
	if res.Trace == nil || len(res.Trace.Race) < 2 {
		return unsupported("no race trace to replay")
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return unsupported("%v", err)
	}
	ast, err := cfront.ParseAST(file, src, opts.C)
	if err != nil {
		return unsupported("%v", err)
	}
	if bits := cfront.PointerBits(ast); bits != 64 {
		return unsupported("circ read the program with %d-bit pointers, and ThreadSanitizer runs 64-bit programs only", bits)
	}
	plan, err := Instrument(file, src, ast, res.Trace)
	if err != nil {
		return unsupported("%v", err)
	}
	dir := ""
	if opts.Keep != "" {
		dir = filepath.Join(opts.Keep, res.Variable)
		err = os.MkdirAll(dir, 0o755)
		out.Dir = dir
	} else {
		dir, err = os.MkdirTemp("", "circ-replay-")
		defer os.RemoveAll(dir)
	}
	if err != nil {
		return unsupported("%v", err)
	}
	watchdog := opts.Watchdog
	if watchdog <= 0 {
		watchdog = 2 * time.Second
	}
	if err := writeProgram(dir, file, plan, watchdog); err != nil {
		return unsupported("writing the program: %v", err)
	}
	bin := filepath.Join(dir, "replay")
	args := []string{"-fsanitize=thread", "-g", "-gdwarf-4", "-O0", "-w", "-pthread", "-iquote", filepath.Dir(file)}
	for _, d := range opts.C.IncludeDirs {
		args = append(args, "-I", d)
	}
	for _, d := range opts.C.Defines {
		args = append(args, "-D", d)
	}
	args = append(args, "-I", filepath.Join(dir, "include"), filepath.Join(dir, "replay.c"), filepath.Join(dir, "circ_runtime.c"), "-o", bin)
	if b, err := exec.CommandContext(ctx, opts.cc(), args...).CombinedOutput(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return unsupported("%s not found", opts.cc())
		}
		return unsupported("does not compile natively: %s", firstLine(b, err))
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	var lines []string
	for _, r := range res.Trace.Race {
		if _, l, _, ok := report.ParsePos(r.Pos); ok {
			lines = append(lines, filepath.Base(file)+":"+strconv.Itoa(l))
		}
	}
	found, stderr, err := runTSan(ctx, bin, timeout, func(r *tsanRace) bool {
		if r.Location == "<null>" {
			r.Location = symbolize(bin, r.LocationOffset)
		}
		r.resolve(bin)
		return r.matches(res.Variable, lines)
	})
	if err != nil {
		return unsupported("running the program: %v", err)
	}
	if dir != "" && opts.Keep != "" {
		_ = os.WriteFile(filepath.Join(dir, "tsan.txt"), []byte(stderr), 0o644)
	}
	note := ""
	if i := strings.Index(stderr, "circ-native: schedule not forced at step "); i >= 0 {
		note = strings.TrimSpace(strings.SplitN(stderr[i+len("circ-native: "):], "\n", 2)[0])
	} else if !strings.Contains(stderr, "circ-native: schedule forced to the end") && len(plan.Schedule) > 0 {
		note = "the schedule did not reach its end before the program stopped"
	}
	if len(plan.Unanchored) > 0 && note != "" {
		note += fmt.Sprintf(" (%d steps without a schedule point, first step %d)", len(plan.Unanchored), plan.Unanchored[0])
	}
	switch {
	case found != nil:
		out.Outcome, out.Report = Confirmed, found.Text
		out.Reason = note
	case strings.HasPrefix(note, "schedule not forced"):
		out.Outcome, out.Reason = NotForced, note
	default:
		out.Outcome = NotSeen
		out.Reason = "ThreadSanitizer reported no race on " + res.Variable
		if note != "" {
			out.Reason += "; " + note
		}
	}
	return out
}

// writeProgram writes replay.c (the header, a #line directive and the
// instrumented source), circ_native.h, circ_runtime.c and circ's own
// headers (include/circ/*.h) into dir.
func writeProgram(dir, file string, plan *Plan, watchdog time.Duration) error {
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	var extraH, extraC, includes string
	if plan.UsesSem {
		extraH += semHeaderC + "\n"
		extraC += semRuntimeC
		includes += "#include <semaphore.h>\n"
	}
	if plan.UsesThreads {
		extraH += threadsHeaderC + "\n"
		extraC += threadsRuntimeC
		includes += "#include <threads.h>\n"
	}
	prog := fmt.Sprintf("#include \"circ_native.h\"\n#line 1 %s\n", strconv.Quote(abs))
	files := map[string]string{
		"circ_native.h":  fmt.Sprintf(headerC, extraH),
		"replay.c":       prog + string(plan.Source),
		"circ_runtime.c": fmt.Sprintf(runtimeC, tables(plan, watchdog, includes), extraC),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	inc := filepath.Join(dir, "include", "circ")
	if err := os.MkdirAll(inc, 0o755); err != nil {
		return err
	}
	entries, err := fs.ReadDir(include.FS, include.Dir+"/circ")
	if err != nil {
		return err
	}
	for _, e := range entries {
		b, err := fs.ReadFile(include.FS, include.Dir+"/circ/"+e.Name())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(inc, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// tables renders the schedule as the C declarations circ_runtime.c uses,
// after the optional thread headers.
func tables(p *Plan, watchdog time.Duration, headers string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#include <pthread.h>\n%s\n", headers)
	fmt.Fprintf(&b, "#define NANCHORS %d\n#define NSCHED %d\n#define NVALUES %d\n#define NTHREADS %d\n#define NTEMPLATES %d\n#define NRACERS %d\n#define MAIN_THREAD 0\n#define WATCHDOG_MS %d\n#define BLOCK_MS 200\n",
		p.Anchors, len(p.Schedule), len(p.Values), len(p.Threads), len(p.Templates), len(p.Racers), watchdog.Milliseconds())
	b.WriteString("static const struct { int thread, anchor, step; } sched[] = {")
	for _, e := range p.Schedule {
		fmt.Fprintf(&b, "{%d, %d, %d}, ", e.Thread, e.Anchor, e.Step)
	}
	b.WriteString("{-1, -1, -1}};\nstatic const struct { int thread, anchor; long long value; } values[] = {")
	for _, v := range p.Values {
		fmt.Fprintf(&b, "{%d, %d, %s}, ", v.Thread, v.Anchor, v.Value)
	}
	b.WriteString("{-1, -1, 0}};\nstatic const char *const thread_names[] = {")
	for _, t := range p.Threads {
		fmt.Fprintf(&b, "%s, ", strconv.Quote(t))
	}
	b.WriteString("0};\nstatic const char *const templates[] = {")
	for _, t := range p.Templates {
		fmt.Fprintf(&b, "%s, ", strconv.Quote(t))
	}
	b.WriteString("0};\nstatic const struct { int thread, anchor; } racers[] = {")
	for _, r := range p.Racers {
		fmt.Fprintf(&b, "{%d, %d}, ", r.Thread, r.Anchor)
	}
	b.WriteString("{-1, -1}};\n")
	return b.String()
}

// runTSan runs bin for at most timeout, reading TSan's reports from its
// stderr as they come; it stops the program as soon as want accepts a
// report, and returns that report and the whole stderr. A run that TSan
// refuses because of the address-space layout is retried with ASLR off
// (setarch -R).
// runTSan runs bin until want accepts one of TSan's reports. A run that
// reports nothing wanted is tried again, up to tsanRuns times: the
// machine's timing still varies under the forced schedule, and TSan can
// lose the earlier access's stack ("failed to restore the stack") on a
// loaded machine.
func runTSan(ctx context.Context, bin string, timeout time.Duration, want func(*tsanRace) bool) (found *tsanRace, stderr string, err error) {
	argv := []string{bin}
	for range tsanRuns {
		found, stderr, err = runOnce(ctx, argv, timeout, want)
		if err == nil && strings.Contains(stderr, "unexpected memory mapping") {
			argv = []string{"setarch", unameArch(), "-R", bin}
			found, stderr, err = runOnce(ctx, argv, timeout, want)
		}
		if found != nil || err != nil {
			break
		}
	}
	return found, stderr, err
}

// tsanRuns bounds the runs of one replay.
const tsanRuns = 3

func runOnce(ctx context.Context, argv []string, timeout time.Duration, want func(*tsanRace) bool) (*tsanRace, string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "TSAN_OPTIONS=report_thread_leaks=0 halt_on_error=0 suppress_equal_addresses=0 suppress_equal_stacks=0 history_size=7")
	cmd.Stdout = nil
	cmd.WaitDelay = time.Second
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	var (
		all   bytes.Buffer
		found *tsanRace
		wg    sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		var p tsanParser
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			l := sc.Text()
			if all.Len() < 1<<20 {
				all.WriteString(l)
				all.WriteByte('\n')
			}
			if r := p.line(l); r != nil && found == nil && want != nil && want(r) {
				found = r
				cancel()
			}
		}
	}()
	wg.Wait()
	_ = cmd.Wait()
	return found, all.String(), nil
}

// unameArch is the machine name setarch expects.
func unameArch() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64"
	case "arm64":
		return "aarch64"
	}
	return runtime.GOARCH
}

func firstLine(b []byte, err error) string {
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "error") {
			return strings.TrimSpace(l)
		}
	}
	if s := strings.TrimSpace(string(b)); s != "" {
		return strings.SplitN(s, "\n", 2)[0]
	}
	return err.Error()
}
