package interp

import (
	"errors"
	"testing"

	"circ/cfa"
)

// TestTrackedCheckRejectsUntrackedEvidence: a trace that uses a value
// read from an untracked instance, joins through one, or takes
// untracked mutexes that may be one held twice, is no evidence; an
// unused untracked read, one thread's alternating untracked locks,
// locks of untracked mutexes at distinct addresses, and reads and joins
// replay found faithful are.
func TestTrackedCheckRejectsUntrackedEvidence(t *testing.T) {
	tmp := &cfa.Var{Name: "tmp"}
	x := &cfa.Var{Name: "x"}
	read := &cfa.Edge{Kind: cfa.Havoc, LHS: tmp, Untracked: true}
	use := &cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: cfa.Ref{V: tmp}}
	overwrite := &cfa.Edge{Kind: cfa.Assign, LHS: tmp, RHS: cfa.Const{Val: 1}}
	lock := &cfa.Edge{Kind: cfa.Skip, Untracked: true, Sync: &cfa.SyncCall{Effect: cfa.Acquire}}
	unlock := &cfa.Edge{Kind: cfa.Skip, Untracked: true, Sync: &cfa.SyncCall{Effect: cfa.Release}}
	join := &cfa.Edge{Kind: cfa.Join, Handle: cfa.Ref{V: tmp}, Untracked: true}
	at := func(e *cfa.Edge, addr int64) *cfa.Edge {
		f := *e
		f.Cell = cfa.Const{Val: addr}
		return &f
	}
	tests := []struct {
		name     string
		tr       Trace
		faithful map[int]bool
		bad      bool
	}{
		{"read-then-used", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: use}}, nil, true},
		{"read-then-overwritten", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: overwrite}, {Thread: 0, Edge: use}}, nil, false},
		{"read-used-by-another-thread-only", Trace{{Thread: 0, Edge: read}, {Thread: 1, Edge: use}}, nil, false},
		{"one-thread-alternates", Trace{{Thread: 0, Edge: lock}, {Thread: 0, Edge: unlock}, {Thread: 0, Edge: lock}}, nil, false},
		{"two-threads-lock", Trace{{Thread: 0, Edge: lock}, {Thread: 1, Edge: lock}}, nil, true},
		{"nested-locks", Trace{{Thread: 0, Edge: lock}, {Thread: 0, Edge: lock}}, nil, true},
		{"faithful-read-then-used", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: use}}, map[int]bool{0: true}, false},
		{"join-through-read", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: join}}, nil, true},
		{"faithful-join-through-read", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: join}}, map[int]bool{0: true}, true},
		{"faithful-join-through-faithful-read", Trace{{Thread: 0, Edge: read}, {Thread: 0, Edge: join}}, map[int]bool{0: true, 1: true}, false},
		{"two-threads-lock-two-addresses", Trace{{Thread: 0, Edge: at(lock, 8)}, {Thread: 1, Edge: at(lock, 9)}}, nil, false},
		{"two-threads-lock-one-address", Trace{{Thread: 0, Edge: at(lock, 8)}, {Thread: 1, Edge: at(lock, 8)}}, nil, true},
		{"hand-over-at-one-address", Trace{{Thread: 0, Edge: at(lock, 8)}, {Thread: 0, Edge: at(unlock, 8)}, {Thread: 1, Edge: at(lock, 8)}}, nil, false},
		{"unlock-by-another-thread", Trace{{Thread: 0, Edge: at(lock, 8)}, {Thread: 1, Edge: at(unlock, 8)}}, nil, true},
		{"one-lock-without-address", Trace{{Thread: 0, Edge: at(lock, 8)}, {Thread: 1, Edge: lock}}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			c := newTrackedCheck(tc.tr)
			s := &State{Threads: make([]Thread, 2)}
			for i := range tc.tr {
				if err = c.step(i, s, tc.faithful[i]); err != nil {
					break
				}
			}
			var ue *UntrackedError
			if got := errors.As(err, &ue); got != tc.bad {
				t.Errorf("trackedCheck = %v, want rejected=%v", err, tc.bad)
			}
		})
	}
}
