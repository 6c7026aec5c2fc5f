// Unboundedly many workers, created by `while (1) pthread_create`, loop
// forever incrementing an unbounded counter under a lock built from
// __VERIFIER_atomic_ functions: acquire blocks until the lock word is 0 and
// sets it, release clears it. count is protected for any number of workers;
// lock is only ever accessed inside atomic functions. The explicit engine
// can bound neither the workers nor count.
// expect svcomp: count=safe lock=safe
// expect circ: count=safe lock=safe
// expect-explicit svcomp: count=unknown lock=unknown
// expect-explicit circ: count=unknown lock=unknown
// explicit-threads: 2
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_assume(int);

int lock;
int count;

void __VERIFIER_atomic_acquire(void) {
  __VERIFIER_assume(lock == 0);
  lock = 1;
}

void __VERIFIER_atomic_release(void) {
  lock = 0;
}

void *worker(void *arg) {
  while (1) {
    __VERIFIER_atomic_acquire();
    count = count + 1;
    __VERIFIER_atomic_release();
  }
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
