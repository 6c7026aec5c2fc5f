package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"circ/cfa"
	"circ/explicit"
	"circ/report"
)

// The explicit engine's stages around the CIRC engine: a brief race hunt
// before it, a longer search of what it leaves unknown after it, and the
// check of its proofs under --race-def c11.

// huntStates is the race hunt's state budget: a second or so on a small
// program. Races after a loop over ten heap cells (Goblint's
// 09-regions/16, 26, 33) lie 30,000-100,000 states deep.
const huntStates = 100_000

// huntTime bounds the race hunt on a program whose states are costly (a
// real program's are): at most this, and a twentieth of the time left.
const huntTime = 5 * time.Second

// huntRaces is the race hunt: a brief explicit search of every location
// before the CIRC engine runs. A race behind a short loop with constant
// bounds (ten mallocs, the fourth and the eighth kept) costs the CIRC
// engine one refinement per iteration, the breadth-first search a few
// thousand states; the race it finds is replayed by the interpreter, as
// every race is. Only races are taken: a location it does not find
// racing goes to the CIRC engine, whose proofs cover any number of
// threads. It returns the races found, by index in vars, and the
// undefined-behaviour sites its searches reached, each with a replayed
// run, for the program's check of undefined behaviour to skip.
func huntRaces(ctx context.Context, prog *cfa.Program, vars []*cfa.Var, opts explicit.Options, progress io.Writer) (map[int]report.Result, []report.Finding) {
	if len(vars) == 0 {
		return nil, nil
	}
	budget := huntTime
	if deadline, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(deadline)/20)
	}
	hctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	if opts.MaxStates == 0 || opts.MaxStates > huntStates {
		opts.MaxStates = huntStates
	}
	found := map[int]report.Result{}
	var reached []report.Finding
	for i, r := range explicit.Check(hctx, prog, vars, opts) {
		for _, u := range r.Undefined {
			if u.Reached {
				reached = append(reached, u)
			}
		}
		if r.Verdict == report.Race {
			r.Reason = strings.TrimSpace("found by the race hunt, a brief explicit search before the CIRC engine. " + r.Reason)
			found[i] = r
		}
	}
	if progress != nil && len(found) > 0 {
		fmt.Fprintf(progress, "circ: race hunt: %d of %d location(s) race\n", len(found), len(vars))
	}
	return found, reached
}

// pick lists the variables of vars whose index keep holds, and where
// each is in vars: the ones a stage decides again.
func pick(vars []*cfa.Var, keep func(i int) bool) (sub []*cfa.Var, at []int) {
	for i, v := range vars {
		if keep(i) {
			sub = append(sub, v)
			at = append(at, i)
		}
	}
	return sub, at
}

// explicitStageStates is the explicit stage's state budget per search:
// a second or two, so that a program with many unknown locations pays
// little for it.
const explicitStageStates = 200_000

// explicitUnknowns is the explicit stage: the explicit engine searches
// the variables the CIRC engine leaves unknown, and its verdict replaces
// unknown where it decides. A race it finds is one the interpreter
// replays; safe is a search that ran out of neither instances nor
// values nor states, so it covers every run. Value-based
// synchronization the CIRC engine could not prove, or a race behind
// more threads than its counters followed, is often decided there.
func explicitUnknowns(ctx context.Context, prog *cfa.Program, vars []*cfa.Var, results []report.Result, opts explicit.Options, progress io.Writer) {
	again, at := pick(vars, func(i int) bool { return results[i].Verdict == report.Unknown && ctx.Err() == nil })
	if len(again) == 0 {
		return
	}
	if progress != nil {
		fmt.Fprintf(progress, "circ: explicit stage: searching the %d location(s) left unknown\n", len(again))
	}
	for k, r := range explicit.Check(ctx, prog, again, opts) {
		i := at[k]
		if r.Verdict != report.Safe && r.Verdict != report.Race || r.ProofCut() {
			continue
		}
		r.Reason = strings.TrimSpace(r.Reason + " (explicit stage: the CIRC engine did not decide: " + results[i].Reason + ")")
		r.Seconds += results[i].Seconds
		results[i] = r
	}
}

// c11Explicit decides again, with the explicit engine, the variables the
// abstract engine proved safe under --race-def c11 where its proofs do
// not carry over (raceFreeSC): they show no race of adjacent accesses,
// not that happens-before orders every conflicting pair. The explicit
// engine tracks happens-before on every interleaving it explores.
func c11Explicit(ctx context.Context, prog *cfa.Program, vars []*cfa.Var, results []report.Result, opts explicit.Options) {
	again, at := pick(vars, func(i int) bool { return results[i].Verdict == report.Safe })
	if len(again) == 0 {
		return
	}
	for k, r := range explicit.Check(ctx, prog, again, opts) {
		i := at[k]
		switch r.Verdict {
		case report.Safe, report.Race:
			r.Reason = strings.TrimSpace(r.Reason + " (explicit engine: the abstract engine's proof is of interleavings, not of happens-before)")
			results[i] = r
		default:
			results[i] = report.Result{Variable: r.Variable, Verdict: report.Unknown, Engine: "circ+explicit", RaceDef: r.RaceDef, Seconds: results[i].Seconds + r.Seconds,
				Reason: "the abstract engine proves interleavings race-free, not happens-before, here (a race elsewhere or a weaker memory order), and the explicit engine does not decide: " + r.Reason}
		}
	}
}
