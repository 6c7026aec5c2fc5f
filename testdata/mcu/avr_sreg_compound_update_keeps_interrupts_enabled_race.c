// Setting the carry flag with SREG |= 1 reads SREG, whose bit 7 sei()
// set, and writes it back: interrupts stay enabled, so main's write of
// data races with the handler's increment.
// expect svcomp: data=race
// Under --race-def circ the handler is one atomic section.
// expect circ: data=safe
#define SREG (*(volatile unsigned char *)((0x3F) + 0x20))
#define sei() __asm__ __volatile__("sei" ::: "memory")

int data;

void __vector_16(void) __attribute__((signal));
void __vector_16(void) { data++; }

int main(void) {
  sei();
  SREG |= 0x01;
  for (;;)
    data = 6;
}
