// An element of an array of _Atomic structs is _Atomic as a whole: the
// worker's store to w[1] and main's load of it are one atomic access
// each, so main never sees half of the update and only the worker
// writes x.
// expect svcomp: x=safe w[1].a=safe w[1].b=safe
// expect circ: x=safe w[1].a=safe w[1].b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w[2];
int x;

void *writer(void *arg) {
  struct pair p = {1, 1};
  w[1] = p;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, writer, 0);
  struct pair r = w[1];
  if (r.a != r.b)
    x = 2;
  return 0;
}
