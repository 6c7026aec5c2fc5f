package driver

import (
	"context"

	"circ/cfa"
	"circ/interp"
	"circ/predabs"
	"circ/report"
	"circ/smt"
)

// A Worker checks the locations of one program one after another, as
// each of circ check's --jobs does: on one Z3 context, replaced only
// after Z3 failed or was interrupted, and with one cache of abstract
// posts, which a location's check finds mostly filled by the checks
// before it. A Worker is not safe for concurrent use; run one per
// goroutine.
type Worker struct {
	p     *cfa.Program
	sv    *smt.Solver
	posts *predabs.PostCache
}

// NewWorker returns a worker for the checks of p.
func NewWorker(p *cfa.Program) *Worker {
	return &Worker{p: p, posts: predabs.NewPostCache(p)}
}

// Run is the package's Run of x on the worker's solver and cache.
func (w *Worker) Run(ctx context.Context, x *cfa.Var, opts Options) (report.Result, interp.Trace) {
	release := w.bind(ctx)
	defer release()
	opts.Posts = w.posts
	return run(ctx, w.sv, w.p, x, opts)
}

// Check is Run without the raw interleaving.
func (w *Worker) Check(ctx context.Context, x *cfa.Var, opts Options) report.Result {
	res, _ := w.Run(ctx, x, opts)
	return res
}

// Undefined is CheckUndefined on the worker's solver and cache.
func (w *Worker) Undefined(ctx context.Context, opts Options) Undefined {
	release := w.bind(ctx)
	defer release()
	opts.Posts = w.posts
	return CheckUndefined(ctx, w.sv, w.p, opts)
}

// bind readies the solver for a check under ctx: a new one where Z3
// failed or was interrupted before (it rejects calls after an
// interrupt).
func (w *Worker) bind(ctx context.Context) (release func()) {
	if ctx.Err() != nil && w.sv != nil {
		// The check stops before it asks Z3 anything: a new solver
		// would only be interrupted at once.
		return func() {}
	}
	if w.sv == nil || w.sv.Broken || w.sv.Interrupted() {
		w.sv = smt.New(smt.QueryLimitMS)
	}
	return w.sv.Bind(ctx)
}
