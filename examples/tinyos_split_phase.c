// A split-phase TinyOS idiom with the harness circ/tinyos.h: the handler
// of an interrupt (enabled by irq_enabled, which the firing clears) fills
// buf and posts task consume; the task reads buf and only then re-enables
// the interrupt. buf is never accessed by both at once.
#include "circ/tinyos.h"

int irq_enabled = 1;
int buf;

CIRC_TASK(consume) {
  int v = buf;
  CIRC_ENABLE(irq_enabled);
}

void dataReady(void) {
  buf = __VERIFIER_nondet_int();
  CIRC_POST(consume);
}

void boot(void) {}

CIRC_CPU_LOOP(
  CIRC_INTERRUPT(irq_enabled, 1, dataReady)
  CIRC_RUN_TASK(consume)
)
CIRC_MAIN(boot)
