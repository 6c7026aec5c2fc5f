// AVR's critical section: save SREG, cli, work, restore SREG. Restoring
// it enables interrupts again (its bit 7 was set), so main's second
// write of data races with the handler's increment.
// expect svcomp: data=race
// Under --race-def circ the handler, which runs with interrupts
// disabled, is one atomic section.
// expect circ: data=safe
#define SREG (*(volatile unsigned char *)((0x3F) + 0x20))
#define sei() __asm__ __volatile__("sei" ::: "memory")
#define cli() __asm__ __volatile__("cli" ::: "memory")

int data;

void __vector_16(void) __attribute__((signal));
void __vector_16(void) { data++; }

int main(void) {
  sei();
  for (;;) {
    unsigned char sreg = SREG;
    cli();
    data = 5;
    SREG = sreg;
    data = 6;
  }
}
