// In i < u with int i = -1 and unsigned u = 1, i converts to UINT_MAX:
// the test fails and main does not write x.
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
  int i = -1;
  unsigned u = 1;
  if (i < u)
    x = 2;
  return 0;
}
