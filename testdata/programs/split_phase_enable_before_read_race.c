// The split-phase idiom of examples/tinyos_split_phase.c with the
// interrupt re-enabled before the task reads buf: the handler can fire
// again on another CPU thread and write buf during the read. The race
// needs two CPU threads; the explicit engine finds it by searching with
// one, then two instances before it tries four (with four at once, the
// state budget runs out before depth 35).
// expect svcomp: buf=race
// expect circ: buf=race
// explicit-threads: 4
#include "circ/tinyos.h"

int irq_enabled = 1;
int buf;

CIRC_TASK(consume) {
  CIRC_ENABLE(irq_enabled);
  int v = buf;
}

void dataReady(void) {
  buf = 1;
  CIRC_POST(consume);
}

void boot(void) {}

CIRC_CPU_LOOP(
  CIRC_INTERRUPT(irq_enabled, 1, dataReady)
  CIRC_RUN_TASK(consume)
)
CIRC_MAIN(boot)
