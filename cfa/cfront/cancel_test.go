package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

// TestCancellationEndsThreadsOnlyWhereCancelled: a worker may end at a
// cancellation point (sleep) or, once it makes its cancellation
// asynchronous, at any step, but only in a program that calls
// pthread_cancel; elsewhere a call of sleep ends nothing.
func TestCancellationEndsThreadsOnlyWhereCancelled(t *testing.T) {
	worker := "#include <pthread.h>\n#include <unistd.h>\nint x;\nvoid *w(void *a) {\n  %s\n  x = 1;\n  sleep(1);\n  x = 2;\n  return 0;\n}\n" +
		"int main(void) {\n  pthread_t t;\n  pthread_create(&t, 0, w, 0);\n  %s\n  pthread_join(t, 0);\n  return 0;\n}\n"
	tests := []struct {
		name, setup, cancel string
		exits               int // the worker's exit edges
	}{
		{"no-cancel", "", "", 1},
		{"deferred", "", "pthread_cancel(t);", 2},
		{"asynchronous", "pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, 0);", "pthread_cancel(t);", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(strings.Replace(worker, "%s", tc.setup, 1), "%s", tc.cancel, 1)
			p := mustParse(t, src)
			var w *cfa.CFA
			for _, c := range p.Templates {
				if c.Name == "w" {
					w = c
				}
			}
			exits := 0
			for _, e := range w.Edges {
				if e.Kind == cfa.Exit {
					exits++
				}
			}
			switch {
			case tc.exits > 0 && exits != tc.exits:
				t.Errorf("%d exits in w, want %d:\n%v", exits, tc.exits, w)
			case tc.exits == 0 && exits < 5:
				t.Errorf("%d exits in w, want one after every step past pthread_setcanceltype:\n%v", exits, w)
			}
		})
	}
}
