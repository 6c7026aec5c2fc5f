// `int *_Atomic g` declares an atomic pointer: its accesses are atomic
// and never race.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

int v;
int *_Atomic g;

void *t(void *arg) {
  g = &v;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  int *p = g;
  return 0;
}
