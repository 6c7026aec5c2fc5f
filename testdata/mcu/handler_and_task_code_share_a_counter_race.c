// A timer interrupt handler counts ticks; the task code updates it outside an atomic section, where the handler may fire between its read and its write.
// Main's first write runs at reset, with interrupts still disabled.
// expect svcomp: count=race
// Under --race-def circ (no thread at an atomic location) it is safe: the
// handler runs with interrupts disabled, as one atomic section.
// expect circ: count=safe
#include "msp430.h"

int count;

__attribute__((interrupt(12))) void timer_isr(void) { count++; }

int main(void) {
  count = 0;
  __eint();
  for (;;) {
    count = count - 1;
  }
}
