// A split-phase conversion: main starts it in an atomic section, the
// ADC's handler stores the sample and sets done.
// Main starts the next conversion before it reads the sample: the handler may write the sample while main reads it.
// expect svcomp: sample=race done=race
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
    s = __nesc_atomic_start();
    done = 0;
    pending = 1;
    __nesc_atomic_end(s);
    last = sample;
  }
}
