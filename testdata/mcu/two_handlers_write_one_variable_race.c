// Two interrupt handlers write x. The first handler enables interrupts before its write: the second may fire in the middle of it.
// expect svcomp: x=race
// expect circ: x=race
#include "msp430.h"

int x;

__attribute__((interrupt(12))) void timer_isr(void) {
  __eint(); /* lets the other handler preempt this one */
  x = x + 1;
}

__attribute__((interrupt(4))) void port_isr(void) { x = 0; }

int main(void) {
  __eint();
  for (;;)
    __nop();
}
