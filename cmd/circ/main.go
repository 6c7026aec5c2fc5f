// Command circ checks concurrent C programs for data races: it proves
// race freedom for any number of threads by context inference (CIRC,
// PLDI 2004), or reports a race with a concrete interleaved trace that
// its own interpreter replays. check can run an exhaustive bounded
// explicit-state engine instead (--engine explicit), decides races under
// three definitions (--race-def svcomp, circ or c11), reads SV-COMP task
// definitions, writes violation witnesses (--witness), and reports as
// findings the undefined behaviour a run can reach, which a safe verdict
// assumes away.
//
// Usage:
//
//	circ check [flags] FILE.c|FILE.i|TASK.yml  per-variable race verdicts
//	circ cfa [flags] FILE.c      print the control-flow automata
//	circ acfa [flags] FILE.c     print the final context ACFAs of each variable
//	circ lockset [flags] FILE.c  the classic lockset check (baseline)
//	circ compare [flags] FILE... lockset next to circ, per variable
//	circ bench nesc-models [DIR] the paper's Table 1 next to circ's results
//	circ replay [flags] FILE.c   replay race traces under ThreadSanitizer
//	circ version
//
// Exit status of check, acfa and lockset: 0 all checked variables safe,
// 10 a race found, 20 no race but some variable unknown or safe only by
// assuming undefined behaviour away, 2 bad input or usage. The other
// commands exit 0 on success, 2 on bad input or usage, and 1 when replay
// does not confirm a race or bench's answers differ from the manifest.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
)

// version is the release of this build.
const version = "circ 0.1.0"

func main() {
	os.Exit(profiled(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) }))
}

// profiled runs f, writing a CPU profile of it to the file that
// CIRC_CPUPROFILE names, if set: where a check on a large program spends
// its time (go tool pprof reads it).
func profiled(f func() int) int {
	path := os.Getenv("CIRC_CPUPROFILE")
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "circ: CIRC_CPUPROFILE: %v\n", err)
		return 2
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintf(os.Stderr, "circ: CIRC_CPUPROFILE: %v\n", err)
		return 2
	}
	defer pprof.StopCPUProfile()
	// An interrupted run (a time-out's SIGINT) keeps its profile: where
	// a run that does not end spends its time is what one asks.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() {
		<-stop
		pprof.StopCPUProfile()
		out.Close()
		os.Exit(130)
	}()
	return f()
}

const usage = `circ: race checking by context inference

Usage:
  circ check [flags] FILE.c|FILE.i|TASK.yml
                                     decide, per shared variable, race / safe / unknown
  circ cfa [flags] FILE.c|FILE.i     print the control-flow automata (text or Graphviz DOT)
  circ acfa [flags] FILE.c|FILE.i    check, and print each variable's final context ACFAs (text or DOT)
  circ lockset [flags] FILE.c|FILE.i the classic static lockset check (Eraser/nesC style)
  circ compare [flags] FILE...       lockset's verdict next to circ's, per file and variable
  circ bench nesc-models [DIR]       the paper's Table 1 next to circ's results on nesc-models/
  circ replay [flags] FILE.c         check, then replay each race natively under ThreadSanitizer
  circ version                       print the version

Run 'circ COMMAND --help' for the flags of a command.

Exit status: 0 all checked variables safe, 10 a race was found,
20 some variable unknown and no race, 2 bad input or usage.
`

// run is main without the process exit, for tests.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "cfa":
		return runCFA(args[1:], stdout, stderr)
	case "acfa":
		return runACFA(args[1:], stdout, stderr)
	case "lockset":
		return runLockset(args[1:], stdout, stderr)
	case "compare":
		return runCompare(args[1:], stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "replay":
		return runReplay(args[1:], stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, version)
		return 0
	case "help", "--help", "-h", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "circ: unknown command %q; run 'circ --help' for the commands\n", args[0])
	return 2
}
