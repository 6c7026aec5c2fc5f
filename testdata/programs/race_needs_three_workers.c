// Unboundedly many workers register by incrementing arrived atomically;
// only workers that arrive second or later write x. The race on x needs
// two writers, hence three workers (the first never writes): the explicit
// engine finds it with --threads 3, not with 2, and the abstract engine's
// counter bound must be able to tell three workers apart. arrived is
// only accessed atomically but grows without bound.
// expect svcomp: x=race arrived=safe
// expect circ: x=race arrived=safe
// expect-explicit svcomp: x=race arrived=unknown
// expect-explicit circ: x=race arrived=unknown
// explicit-threads: 3
// explicit-race-needs-threads: x=3
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, arrived;

void *worker(void *arg) {
  int me;
  __VERIFIER_atomic_begin();
  arrived = arrived + 1;
  me = arrived;
  __VERIFIER_atomic_end();
  if (me >= 2)
    x = me;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
