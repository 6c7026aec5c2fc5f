package driver

import (
	"context"
	"fmt"
	"time"

	"circ/cfa"
	"circ/interp"
	"circ/report"
	"circ/smt"
)

// sliceShare is how much of its program's locations a slice may keep,
// as 1/sliceShare, for a check to run on it first: a check of a slice
// not much smaller than its program costs about as much, and the
// program's check would follow a failure with half the time.
const sliceShare = 2

// onSlice checks x first on its slice (package slice) when the slice is
// much smaller than p and the race definition is an interleaving one:
// a proof there is a proof for p. A race on the slice may be none of
// p's, and undefined behaviour it reaches may be unreachable in p, so
// anything but a proof leaves the check to p, with at least half the
// time that was left. ok reports whether res is the verdict.
func onSlice(ctx context.Context, sv *smt.Solver, p *cfa.Program, x *cfa.Var, opts Options) (res report.Result, ok bool) {
	if opts.Slicer == nil || x == nil || opts.RaceDef == interp.C11 {
		return res, false
	}
	start := time.Now()
	s := opts.Slicer.For(x)
	if sliceShare*s.SlicedLocs > s.Locs {
		return res, false
	}
	so := opts
	so.Slicer = nil
	if so.Progress != nil {
		fmt.Fprintf(so.Progress, "circ: %s: on its slice first: %d of %d locations, %d of %d edges kept\n", x.SourceName(), s.SlicedLocs, s.Locs, s.Kept, s.Edges)
	}
	return proveFirst(ctx, sv, s.Prog, x, so, start, 2,
		fmt.Sprintf("proved on the location's slice (%d of %d locations, %d of %d edges keep their operation)", s.SlicedLocs, s.Locs, s.Kept, s.Edges))
}

// withShare is ctx with a deadline 1/share of its time left from now
// (ctx itself when it has no deadline).
func withShare(ctx context.Context, share float64) (context.Context, context.CancelFunc) {
	deadline, has := ctx.Deadline()
	if !has {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, time.Now().Add(time.Duration(float64(time.Until(deadline))/share)))
}

// proveFirst checks x on q, a program derived from the one checked
// whose proofs are proofs of it (a slice, a split), with 1/share of the
// time left: ok reports whether res is the verdict, which only a proof is. A
// race on q may be none of the program's, and undefined behaviour q
// reaches may be unreachable there, so anything else leaves the check to
// the program. why is added to the proof's reason.
func proveFirst(ctx context.Context, sv *smt.Solver, q *cfa.Program, x *cfa.Var, so Options, start time.Time, share float64, why string) (res report.Result, ok bool) {
	sctx, cancel := withShare(ctx, share)
	defer cancel()
	collect := so.CollectUB
	so.CollectUB = true // its findings are q's: never replayed there
	res, _ = run(sctx, sv, q, x, so)
	if sv.Broken {
		return res, true // unknown: the solver cannot run the program's check
	}
	if res.Verdict != report.Safe || len(res.Undefined) > 0 && !collect {
		if so.Progress != nil {
			why := string(res.Verdict)
			if res.Reason != "" {
				why += ": " + res.Reason
			}
			fmt.Fprintf(so.Progress, "circ: %s: not proved there (%s): back to the program\n", x.SourceName(), why)
		}
		return res, false
	}
	res.Reason += "; " + why
	res.Seconds = time.Since(start).Seconds()
	return res, true
}
