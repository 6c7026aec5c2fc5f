// Main never enables interrupts itself: like TinyOS's scheduler, it
// waits for work inside an atomic section by sleeping with the
// interrupt enable set (bis GIE into r2), then disables interrupts
// again. Only there can the handler fire. Main reads data in the sleep's window, where the handler may write it.
// expect svcomp: data=race ready=safe
// Under --race-def circ (no thread at an atomic location) it is safe: the
// handler runs with interrupts disabled, as one atomic section.
// expect circ: data=safe ready=safe
#include "msp430.h"

int data, ready, last;

__attribute__((interrupt(12))) void adc_isr(void) {
  data = data + 1;
  ready = 1;
}

int main(void) {
  unsigned int gie = 0x0008;
  for (;;) {
    __nesc_atomic_t s = __nesc_atomic_start();
    while (!ready) {
      __asm volatile("bis  %0, r2" : : "m"(gie));
    last = data; /* interrupts are enabled here */
      __dint();
    }
    ready = 0;

    __nesc_atomic_end(s);
  }
}
