// In `_Atomic int *b[2]` the elements are plain pointers to atomic ints,
// in `int *_Atomic a[2]` atomic pointers: only b's element races.
// expect svcomp: a[0]=safe b[0]=race
// expect circ: a[0]=safe b[0]=race
#include <pthread.h>

_Atomic int v;
int w;
int *_Atomic a[2];
_Atomic int *b[2];

void *t(void *arg) {
  a[0] = &w;
  b[0] = &v;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  int *p = a[0];
  _Atomic int *q = b[0];
  return 0;
}
