// GCC's bit builtins are exact (cfa/cfront/bits.go): 0x1234 with its two
// bytes swapped is 0x3412, so the worker writes g, which races with
// main's write. circ once took the builtins' results as any value.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

unsigned short half = 0x1234;
int g;

void *worker(void *arg) {
  if (__builtin_bswap16(half) == 0x3412)
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
