// nescc's output: a component's variable is BlinkC__counter, a generic
// instance's carries the instance's path in a comment, and the line
// directives place the code in the .nc files. circ names them
// BlinkC.counter and MainC.Queue.m_head, at the .nc lines next to this
// file's (cmd/circ's TestNesCNamesAndPositions). The task writes
// counter with interrupts enabled, so the timer's handler races with
// it; m_head is written with interrupts disabled only.
// expect svcomp: BlinkC.counter=race MainC.Queue.m_head=safe
// Under --race-def circ the handler is one atomic section.
// expect circ: BlinkC.counter=safe MainC.Queue.m_head=safe
#include "msp430.h"
# 1 "BlinkC.nc"
unsigned char BlinkC__counter;
# 3 "QueueC.nc"
unsigned char /*MainC.Queue*/QueueC__0__m_head;
# 40 "BlinkC.nc"
__attribute__((interrupt(12))) void sig_TIMERA0_VECTOR(void) {
  BlinkC__counter++;
  /*MainC.Queue*/QueueC__0__m_head = 1;
}
# 60 "RealMainP.nc"
int main(void) {
  __eint();
  for (;;) {
    BlinkC__counter = 0;
    __dint();
    /*MainC.Queue*/QueueC__0__m_head = 0;
    __eint();
  }
}
