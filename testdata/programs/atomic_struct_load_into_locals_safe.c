// The same copies into each thread's own struct: the atomic loads of w
// never race, and nothing else is shared.
// expect svcomp: w.a=safe w.b=safe
// expect circ: w.a=safe w.b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w;

void *copier(void *arg) {
  struct pair g = w;
  return (void *)(long)g.a;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, copier, 0);
  struct pair mine = {1, 2};
  w = mine;
  return 0;
}
