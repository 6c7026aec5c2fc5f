package cfa_test

import (
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
)

// workerWith is a program whose worker runs body and main creates
// workers in a loop, counting each in alive first when count is set,
// then waits for alive to be 0.
func workerWith(body string, count bool) string {
	inc := ""
	if count {
		inc = "alive++;"
	}
	return `#include <pthread.h>
int alive, other;
void *worker(void *arg) {
` + body + `
  return 0;
}
int main(void) {
  pthread_t t;
  for (int i = 0; i < __VERIFIER_nondet_int(); i++) {
    ` + inc + `
    pthread_create(&t, 0, worker, 0);
  }
  while (alive)
    ;
  return 0;
}`
}

// TestCountRegions: which counters get a region count, whether a
// worker's entry is in the region (its creation then counts it), and
// that every edge across the region's border is followed by the ghost's
// update at an atomic location outside the region.
func TestCountRegions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		counted bool // alive has a region count in worker
		entryIn bool // worker's entry is in it
	}{
		{"main counts the worker in, the worker counts itself out", workerWith("other = 1; alive--;", true), true, true},
		{"the worker counts itself in and out", workerWith("alive++; other = 1; alive--;", false), true, false},
		{"a decrement by more than the unit", workerWith("alive -= 2;", true), false, false},
		{"a counter nobody tests", workerWith("other--;", true), false, false},
		{"a worker that only counts in", workerWith("alive++;", false), false, false},
		{"a worker that also sets the counter", workerWith("alive--; if (other) alive = 0;", true), false, false},
		{"a worker that counts in and out in a loop", workerWith("while (other) { alive++; alive--; }", false), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.Parse("t.c", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var rc *cfa.RegionCount
			for i := range p.RegionCounts {
				if p.RegionCounts[i].Counter.Name == "alive" {
					rc = &p.RegionCounts[i]
				}
			}
			if (rc != nil) != tc.counted {
				t.Fatalf("region count of alive: %v, want %v", rc != nil, tc.counted)
			}
			if rc == nil {
				return
			}
			var w *cfa.CFA
			for _, c := range p.Templates {
				if c.Name == "worker" {
					w = c
				}
			}
			in := func(c *cfa.CFA, l int) bool { return c.Locs[l].Regions&(1<<rc.Bit) != 0 }
			if got := in(w, w.Entry); got != tc.entryIn {
				t.Errorf("entry in the region: %v, want %v", got, tc.entryIn)
			}
			ghostStep := func(c *cfa.CFA, l int, delta int64) bool {
				out := c.Out[l]
				if len(out) != 1 || !c.Locs[l].Atomic || in(c, l) {
					return false
				}
				b, ok := out[0].RHS.(cfa.Binary)
				return ok && out[0].LHS == rc.Var && b.Y == cfa.Const{Val: delta}
			}
			for _, e := range w.Edges {
				if e.LHS == rc.Var {
					continue
				}
				switch from, to := in(w, e.From), in(w, e.To); {
				case from && !to && !ghostStep(w, e.To, -1):
					t.Errorf("%v leaves the region without the ghost's decrement", e)
				case !from && to:
					t.Errorf("%v enters the region without the ghost's increment", e)
				}
			}
			for _, c := range p.Templates {
				for _, e := range c.Edges {
					if e.Kind != cfa.Create || e.Template != w {
						continue
					}
					var before *cfa.Edge
					for _, d := range c.Edges {
						if d.To == e.From {
							before = d
						}
					}
					counted := before != nil && before.LHS == rc.Var && c.Locs[e.From].Atomic
					if counted != tc.entryIn {
						t.Errorf("creation of worker counted: %v, want %v", counted, tc.entryIn)
					}
				}
			}
		})
	}
}
