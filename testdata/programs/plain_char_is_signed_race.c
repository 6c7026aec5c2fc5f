// A plain char is signed (gcc on x86-64): 200 stored into it is -56.
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
  char c = 200;
  if (c < 0)
    x = 2;
  return 0;
}
