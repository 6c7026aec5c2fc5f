// An instruction circ knows, written with operands it does not expect,
// may still do what it does: after this eint interrupts may be enabled,
// so main's writes race with the handler's (the report lists the
// approximation).
// expect svcomp: data=race
// Under --race-def circ the handler is one atomic section.
// expect circ: data=safe
#include "msp430.h"

int data;

__attribute__((interrupt(12))) void timer_isr(void) { data++; }

int main(void) {
  int x = 1;
  __asm__ __volatile__("eint" : : "r"(x));
  for (;;)
    data = 6;
}
