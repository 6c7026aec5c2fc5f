// Inline assembly circ does not know may change the interrupt enable:
// after it, interrupts may be enabled, so main's writes race with the
// handler's (the report lists the approximation).
// expect svcomp: data=race
// Under --race-def circ the handler is one atomic section.
// expect circ: data=safe
#include "msp430.h"

int data;

__attribute__((interrupt(12))) void timer_isr(void) { data++; }

int main(void) {
  __asm__ __volatile__("eint\n nop");
  for (;;)
    data = 6;
}
