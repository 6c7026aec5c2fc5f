// -u and ~u on an unsigned u = 1 are UINT_MAX and UINT_MAX - 1, both
// positive.
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
  unsigned u = 1;
  if (-u > 0 && ~u > 0)
    x = 2;
  return 0;
}
