// A plain char is signed (gcc on x86-64): 200 stored into it is -56,
// never 200.
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
  char c = 200;
  if (c == 200)
    x = 2;
  return 0;
}
