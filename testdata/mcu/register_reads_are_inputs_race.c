// A hardware register is an input: each read of P1IN is any value, and
// it is no race target. The handler sets flag when the pin reads 1,
// which main tests outside an atomic section: a race on flag, with a
// trace that reads 1 from the pin.
// expect svcomp: flag=race
// Under --race-def circ (no thread at an atomic location) it is safe: the
// handler runs with interrupts disabled, as one atomic section.
// expect circ: flag=safe
#include "msp430.h"

extern volatile unsigned char P1IN __asm("__P1IN");
static volatile unsigned int TACTL __asm("0x0160");
int flag;

__attribute__((interrupt(4))) void port_isr(void) {
  if (P1IN & 1)
    flag = 1;
  TACTL = 4;
}

int main(void) {
  TACTL = 0;
  __eint();
  for (;;) {
    if (flag)
      __nop();
  }
}
