package driver

import (
	"context"
	"fmt"
	"time"

	"circ/cfa"
	"circ/report"
	"circ/smt"
)

// ownershipSplit is p split by ownership of x's summary object
// (cfa.Program.SplitByOwnership), or nil when that does not apply: x is
// no cell of a summary, no template that many threads run takes an
// argument and accesses x, or p is a split already.
func ownershipSplit(p *cfa.Program, x *cfa.Var, opts Options) *cfa.Program {
	if opts.split || x == nil {
		return nil
	}
	q, ok := p.SplitByOwnership(x)
	if !ok {
		return nil
	}
	return q
}

// onOwnership checks x on q, p split by ownership of x's summary
// object, with the time left: q runs p's runs, and its templates tell
// the thread that got the tracked element from the others, which the
// abstract engine cannot do on p. ok reports whether res is the
// verdict: a proof. start is when p's check began.
func onOwnership(ctx context.Context, sv *smt.Solver, q *cfa.Program, x *cfa.Var, opts Options, start time.Time) (res report.Result, ok bool) {
	so := opts
	so.split = true
	if so.Progress != nil {
		fmt.Fprintf(so.Progress, "circ: %s: again with the threads that own its element told apart: %d thread templates\n", x.SourceName(), len(q.Templates))
	}
	return proveFirst(ctx, sv, q, x, so, start, 1, "proved with the thread that owns its element told apart (cfa.SplitByOwnership)")
}
