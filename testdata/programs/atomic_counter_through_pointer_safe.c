// Unboundedly many workers update an _Atomic counter through the pointer
// they are given: ++, += and = through a pointer are atomic accesses
// too, so the counter never races.
// expect svcomp: hits=safe
// expect circ: hits=safe
// expect-explicit svcomp: hits=unknown
// expect-explicit circ: hits=unknown
// explicit-threads: 2
#include <pthread.h>

_Atomic int hits;

void *worker(void *arg) {
  _Atomic int *h = arg;
  (*h)++;
  *h += 2;
  *h = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, (void *)&hits);
  return 0;
}
