package interp

import (
	"errors"
	"testing"

	"circ/cfa"
)

// TestCheckTrackedRejectsUntrackedEvidence: a trace that uses a value
// read from an untracked instance, or takes untracked mutexes that may
// be one held twice, is no evidence; an unused untracked read and one
// thread's alternating untracked locks are.
func TestCheckTrackedRejectsUntrackedEvidence(t *testing.T) {
	tmp := &cfa.Var{Name: "tmp"}
	x := &cfa.Var{Name: "x"}
	read := &cfa.Edge{Kind: cfa.Havoc, LHS: tmp, Untracked: true}
	use := &cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: cfa.Ref{V: tmp}}
	overwrite := &cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: cfa.Const{Val: 1}}
	lock := &cfa.Edge{Kind: cfa.Skip, Untracked: true, Sync: &cfa.SyncCall{Effect: cfa.Acquire}}
	unlock := &cfa.Edge{Kind: cfa.Skip, Untracked: true, Sync: &cfa.SyncCall{Effect: cfa.Release}}
	tests := []struct {
		name string
		tr   Trace
		bad  bool
	}{
		{"read-then-used", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: use}}, true},
		{"read-then-overwritten", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: overwrite}, {Thread: 0, Edge: use}}, false},
		{"read-used-by-another-thread-only", Trace{{Thread: 0, Edge: read}, {Thread: 1, Edge: use}}, false},
		{"one-thread-alternates", Trace{{Thread: 0, Edge: lock}, {Thread: 0, Edge: unlock}, {Thread: 0, Edge: lock}}, false},
		{"two-threads-lock", Trace{{Thread: 0, Edge: lock}, {Thread: 1, Edge: lock}}, true},
		{"nested-locks", Trace{{Thread: 0, Edge: lock}, {Thread: 0, Edge: lock}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkTracked(tc.tr)
			var ue *UntrackedError
			if got := errors.As(err, &ue); got != tc.bad {
				t.Errorf("checkTracked = %v, want rejected=%v", err, tc.bad)
			}
		})
	}
}
