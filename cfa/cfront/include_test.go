package cfront

import "testing"

// The headers shipped with circ resolve without include flags, in both
// spellings, and the harness builds a CPU thread created in a loop.
func TestShippedTinyOSHeader(t *testing.T) {
	for _, inc := range []string{`#include "circ/tinyos.h"`, `#include <circ/tinyos.h>`} {
		src := inc + `
int e = 1;
int x;
CIRC_TASK(t) { x = 1; CIRC_ENABLE(e); }
void h(void) { x = 2; CIRC_POST(t); }
void boot(void) {}
CIRC_CPU_LOOP(CIRC_INTERRUPT(e, 1, h) CIRC_RUN_TASK(t))
CIRC_MAIN(boot)
`
		p, err := Parse("tinyos_test.c", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", inc, err)
		}
		found := false
		for _, tm := range p.Templates {
			if tm.Name == "circ_cpu" && tm.Mult.Unbounded {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: no unbounded circ_cpu template", inc)
		}
	}
}
