// An int argument and a return value convert to the unsigned char
// parameter and result types: f(256) is 0.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
unsigned char f(unsigned char v) { return v + 0; }

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  if (f(256) == 0)
    x = 2;
  return 0;
}
