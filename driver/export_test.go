package driver

import (
	"context"
	"time"

	"circ/cfa"
	"circ/report"
	"circ/smt"
)

// ProveOnOwnershipSplit runs only the last stage of a check of x: the
// check of p split by ownership of x's summary object. split is false
// when the split does not apply.
func ProveOnOwnershipSplit(ctx context.Context, p *cfa.Program, x *cfa.Var) (res report.Result, split bool) {
	q := ownershipSplit(p, x, Options{})
	if q == nil {
		return res, false
	}
	sv := smt.New(smt.QueryLimitMS)
	release := sv.Bind(ctx)
	defer release()
	opts := Options{}
	opts.defaults()
	res, _ = onOwnership(ctx, sv, q, x, opts, time.Now())
	return res, true
}
