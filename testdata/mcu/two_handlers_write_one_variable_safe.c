// Two interrupt handlers write x. Neither handler enables interrupts: each runs to its end before another fires, so their writes of x never overlap.
// expect svcomp: x=safe
// expect circ: x=safe
#include "msp430.h"

int x;

__attribute__((interrupt(12))) void timer_isr(void) {

  x = x + 1;
}

__attribute__((interrupt(4))) void port_isr(void) { x = 0; }

int main(void) {
  __eint();
  for (;;)
    __nop();
}
