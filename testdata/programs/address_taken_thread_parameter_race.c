// The thread takes the address of its own parameter and reads the
// argument through it: it writes x, which main writes too.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *t(void *arg) {
  void **pa = &arg;
  int *q = (int *)*pa;
  *q = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, &x);
  x = 2;
  return 0;
}
