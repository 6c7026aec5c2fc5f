// unsigned u = 0 - 1 wraps to UINT_MAX, and -1 converts to UINT_MAX
// in the comparison: main writes x.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  unsigned u = 0;
  u = u - 1;
  if (u == -1 && u > 5)
    x = 2;
  return 0;
}
