// gcc defines a signed left shift on two's complement: 1 << 31 is
// INT_MIN.
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
  int i = 1;
  if ((i << 31) < 0)
    x = 2;
  return 0;
}
