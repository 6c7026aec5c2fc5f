// `_Atomic int *g` declares a plain pointer to an atomic int: the
// qualifier is not the pointer's, so its accesses race.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

_Atomic int v;
_Atomic int *g;

void *t(void *arg) {
  g = &v;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  _Atomic int *p = g;
  return 0;
}
