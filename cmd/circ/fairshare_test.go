package main

import (
	"context"
	"testing"
	"time"
)

// TestFairShare: under a deadline a location's check gets the workers'
// time left divided among the checks not yet started, so that a hard
// location does not starve the ones after it; the last checks (no more
// than the workers) get all of it, and without a deadline nothing is
// cut.
func TestFairShare(t *testing.T) {
	long, cancel := context.WithTimeout(context.Background(), 100*time.Second)
	defer cancel()
	tests := []struct {
		name              string
		ctx               context.Context
		workers, jobsLeft int
		want              time.Duration // 0: the context's own deadline, or none
	}{
		{"no-deadline", context.Background(), 2, 10, 0},
		{"one-worker-ten-checks", long, 1, 10, 10 * time.Second},
		{"two-workers-ten-checks", long, 2, 10, 20 * time.Second},
		{"no-more-checks-than-workers", long, 2, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := fairShare(tc.ctx, tc.workers, tc.jobsLeft)
			defer cancel()
			got, ok := ctx.Deadline()
			parent, hasParent := tc.ctx.Deadline()
			switch {
			case tc.want == 0 && !hasParent:
				if ok {
					t.Errorf("a deadline %v where the context has none", got)
				}
			case tc.want == 0:
				if !ok || !got.Equal(parent) {
					t.Errorf("deadline %v, want the context's %v", got, parent)
				}
			default:
				// The share is computed from the time left when it is
				// taken: allow for the time the test itself takes.
				if d := time.Until(got); !ok || d > tc.want || d < tc.want-5*time.Second {
					t.Errorf("share %v, want about %v", d, tc.want)
				}
			}
		})
	}
}
