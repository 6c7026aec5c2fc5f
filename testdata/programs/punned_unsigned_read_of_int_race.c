// Reading an int through an unsigned lvalue gives the unsigned value of
// its bits: *(unsigned *)&i is UINT_MAX for i = -1.
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
  if (*(unsigned *)&i > 0)
    x = 2;
  return 0;
}
