# 1 "/usr/lib/gcc/avr/4.1.2/include/stddef.h" 3
typedef int int8_t __attribute__((__mode__(__QI__)));
typedef unsigned int uint8_t __attribute__((__mode__(__QI__)));
typedef unsigned int uint16_t __attribute__((__mode__(__HI__)));
# 5 "avr_stdint_mode_types_wrap_at_their_width_race.c"
// avr-libc declares its integer types with GCC's mode attribute, and
// the AVR's int is 16 bits (nescc's line markers name avr-gcc): uint8_t
// 255 + 1 wraps to 0 and a 16-bit unsigned 65535 + 1 to 0, so the
// handler writes flag, which main reads with interrupts enabled.
// expect svcomp: flag=race
// Under --race-def circ the handler is one atomic section.
// expect circ: flag=safe
int flag;
uint8_t small = 255;
unsigned wide = 65535;

void __vector_16(void) __attribute__((signal));
void __vector_16(void) {
  uint8_t next = small + 1;
  unsigned over = wide + 1;
  if (next == 0 && over == 0 && sizeof(int) == 2)
    flag = 1;
}

int main(void) {
  __asm__ __volatile__("sei" ::: "memory");
  for (;;) {
    if (flag)
      break;
  }
  return 0;
}
