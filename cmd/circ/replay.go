package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"circ/native"
	"circ/report"
)

// Exit statuses of 'circ replay'.
const (
	replayConfirmed    = 0 // every race circ found was confirmed by TSan (or none was found)
	replayNotConfirmed = 1 // some race was not confirmed natively
)

// runReplay runs circ's check on one file, then replays each race trace
// natively under ThreadSanitizer (package native), one line per racing
// variable.
func runReplay(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	var keep string
	var runTimeout, watchdog time.Duration
	fs := newCheckFlagSet(&f, stderr)
	fs.StringVar(&keep, "keep", "", "keep each generated program (source, binary, TSan output) in DIR/VARIABLE")
	fs.DurationVar(&runTimeout, "run-timeout", 10*time.Second, "stop each native run after this long")
	fs.DurationVar(&watchdog, "watchdog", 2*time.Second, "give up forcing the schedule when it stands still this long")
	// replay prints its own lines, not check's report.
	notOurs := []string{"format", "svcomp", "witness"}
	hideFlags(fs, notOurs...)
	if code, ok := parseFlags(fs, args, "replay", "Usage: circ replay [check flags] [--keep DIR] FILE.c\n\nChecks FILE.c as 'circ check' does, then replays each race trace natively\n(gcc -fsanitize=thread) and reports whether ThreadSanitizer sees the race.\nExit status: 0 every race confirmed, 1 some race not confirmed,\n2 bad input, or gcc -fsanitize=thread unavailable.", stdout, stderr); !ok {
		return code
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "circ: "+format+"\n", a...)
		return 2
	}
	if err := refuseFlags(fs, "replay", notOurs...); err != nil {
		return bad("%v", err)
	}
	if runTimeout <= 0 || watchdog <= 0 {
		return bad("--run-timeout and --watchdog must be positive")
	}
	ctx := context.Background()
	if err := native.Available(ctx, ""); err != nil {
		return bad("replay: %v", err)
	}
	rep, code := f.check(fs, "replay", stderr)
	if rep == nil {
		return code
	}
	file := rep.File
	opts := native.Options{C: f.cflags, Timeout: runTimeout, Watchdog: watchdog, Keep: keep}
	status, races := replayConfirmed, 0
	for i := range rep.Results {
		res := &rep.Results[i]
		if res.Verdict == report.Unknown {
			fmt.Fprintf(stdout, "%s: unknown, nothing to replay (%s)\n", res.Variable, res.Reason)
		}
		if res.Verdict != report.Race {
			continue
		}
		races++
		r := native.Replay(ctx, file, res, opts)
		if r.Outcome == native.Confirmed {
			fmt.Fprintf(stdout, "%s: race confirmed natively by ThreadSanitizer", res.Variable)
			if r.Reason != "" {
				fmt.Fprintf(stdout, " (%s)", r.Reason)
			}
			fmt.Fprintln(stdout)
		} else {
			status = replayNotConfirmed
			fmt.Fprintf(stdout, "%s: not confirmed: %s: %s\n", res.Variable, r.Outcome, r.Reason)
		}
		if r.Dir != "" {
			fmt.Fprintf(stdout, "  kept in %s\n", r.Dir)
		}
	}
	if races == 0 {
		fmt.Fprintf(stdout, "%s: circ found no race to replay\n", file)
	}
	return status
}
