// 300 stored into an unsigned char is 44: main writes x.
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
  int v = 300;
  unsigned char c = v;
  if (c == 44)
    x = 2;
  return 0;
}
