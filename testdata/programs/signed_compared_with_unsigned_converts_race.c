// In i > u with int i = -1 and unsigned u = 1, i converts to UINT_MAX:
// main writes x.
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
  int i = -1;
  unsigned u = 1;
  if (i > u)
    x = 2;
  return 0;
}
