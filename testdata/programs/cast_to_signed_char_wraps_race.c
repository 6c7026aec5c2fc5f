// (signed char)255 is -1.
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
  int v = 255;
  if ((signed char)v == -1)
    x = 2;
  return 0;
}
