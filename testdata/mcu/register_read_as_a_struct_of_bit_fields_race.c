// nescc reads a register as a struct of bit-fields through its address
// (*(ctrl_t *)&*(volatile uint8_t *)0x8A): every field is any value. So
// the handler may see the enable bit set and write count, which main
// writes with interrupts enabled.
// expect svcomp: count=race
// Under --race-def circ the handler is one atomic section.
// expect circ: count=safe
# 1 "/usr/lib/gcc/avr/4.1.2/include/stddef.h" 3
# 9 "register_read_as_a_struct_of_bit_fields_race.c"
typedef struct {
  unsigned char cs : 3;
  unsigned char enable : 1;
  unsigned char rest : 4;
} ctrl_t;
int count;

static ctrl_t getCtrl(void) { return *(ctrl_t *)&*(volatile unsigned char *)0x8A; }

void __vector_16(void) __attribute__((signal));
void __vector_16(void) {
  if (getCtrl().enable)
    count++;
}

int main(void) {
  __asm__ __volatile__("sei" ::: "memory");
  for (;;)
    count = 0;
}
