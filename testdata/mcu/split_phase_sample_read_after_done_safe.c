// A split-phase conversion: main starts it in an atomic section, the
// ADC's handler stores the sample and sets done.
// Main reads the sample only once the handler has set done, and starts no new conversion before: the handler, which writes sample only while a conversion is pending, cannot write it then. nesC's rule warns (a non-atomic read of a variable that async code writes); circ proves it safe.
// done, polled outside an atomic section, races with the handler's write.
// expect svcomp: sample=safe done=race
// Under --race-def circ the handler is one atomic section.
// expect circ: sample=safe done=safe
#include "msp430.h"

unsigned sample;
unsigned char pending, done;

__attribute__((interrupt(14))) void adc_isr(void) {
  if (pending) {
    sample = sample + 1;
    pending = 0;
    done = 1;
  }
}

unsigned last;

int main(void) {
  __eint();
  for (;;) {
    __nesc_atomic_t s = __nesc_atomic_start();
    done = 0;
    pending = 1;
    __nesc_atomic_end(s);
    while (!done)
      ;
    last = sample;
  }
}
