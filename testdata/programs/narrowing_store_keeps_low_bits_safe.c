// 300 stored into an unsigned char is 44, never 300: main does not
// write x.
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
  int v = 300;
  unsigned char c = v;
  if (c == 300)
    x = 2;
  return 0;
}
