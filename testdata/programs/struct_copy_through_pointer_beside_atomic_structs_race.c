// A struct copy through a pointer that only ever points into a plain
// array is a plain copy, although an array of _Atomic structs of the
// same type exists: the worker's copy into b[1] races with main's
// read of b[1].x, and the atomic array is untouched by it.
// expect svcomp: b[1].x=race
// expect circ: b[1].x=race
#include <pthread.h>

struct S {
  int x;
  int y;
};

_Atomic struct S a[2];
struct S b[2];
struct S *bp = &b[1];

void *copier(void *arg) {
  struct S v = {0, 0};
  *bp = v;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, copier, 0);
  struct S v = {1, 2};
  a[1] = v;
  int seen = b[1].x;
  pthread_join(t, 0);
  struct S w = a[1];
  return seen + w.y;
}
