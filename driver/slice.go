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
	sctx := ctx
	if deadline, has := ctx.Deadline(); has {
		var cancel context.CancelFunc
		sctx, cancel = context.WithDeadline(ctx, start.Add(time.Until(deadline)/2))
		defer cancel()
	}
	so := opts
	so.Slicer = nil
	so.CollectUB = true // its findings are the slice's: never replayed there
	if so.Progress != nil {
		fmt.Fprintf(so.Progress, "circ: %s: on its slice first: %d of %d locations, %d of %d edges kept\n", x.SourceName(), s.SlicedLocs, s.Locs, s.Kept, s.Edges)
	}
	res, _ = run(sctx, sv, s.Prog, x, so)
	if sv.Broken {
		return res, true // unknown: the solver cannot run the program's check
	}
	if res.Verdict != report.Safe || len(res.Undefined) > 0 && !opts.CollectUB {
		return res, false
	}
	res.Reason += fmt.Sprintf("; proved on the location's slice (%d of %d locations, %d of %d edges keep their operation)", s.SlicedLocs, s.Locs, s.Kept, s.Edges)
	res.Seconds = time.Since(start).Seconds()
	return res, true
}
