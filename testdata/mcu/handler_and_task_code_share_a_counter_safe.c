// A timer interrupt handler counts ticks; the task code updates it inside an atomic section, where the handler cannot fire.
// Main's first write runs at reset, with interrupts still disabled.
// expect svcomp: count=safe
// expect circ: count=safe
#include "msp430.h"

int count;

__attribute__((interrupt(12))) void timer_isr(void) { count++; }

int main(void) {
  count = 0;
  __eint();
  for (;;) {
    __nesc_atomic_t s = __nesc_atomic_start();
    count = count - 1;
    __nesc_atomic_end(s);
  }
}
