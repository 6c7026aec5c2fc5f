// GCC's bit builtins are exact (cfa/cfront/bits.go): 0x1234 with its two
// bytes swapped is 0x3412; the worker writes g only if it were 0x1234,
// so never, and g is safe. circ once took the builtins' results as any
// value and reported a race.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

unsigned short half = 0x1234;
int g;

void *worker(void *arg) {
  if (__builtin_bswap16(half) == 0x1234)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
