// unsigned u = 0 - 1 wraps to UINT_MAX, which is not below 1: main
// never writes x (mathematical integers would say it does).
// expect svcomp: x=safe
// expect circ: x=safe
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
  if (u < 1)
    x = 2;
  return 0;
}
