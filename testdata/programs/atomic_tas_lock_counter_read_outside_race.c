// The atomic test-and-set lock of atomic_tas_lock_unbounded_counter_safe.c
// with unboundedly many workers: each increments the unbounded counter
// under the lock, but then reads it to decide whether to log after
// releasing the lock. That read races with another worker's locked
// increment (two workers suffice).
// expect svcomp: count=race lock=safe logged=race
// expect circ: count=race lock=safe logged=race
// expect-explicit svcomp: count=race lock=unknown logged=race
// expect-explicit circ: count=race lock=unknown logged=race
// explicit-threads: 2
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_assume(int);

int lock;
int count;
int logged;

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
    if (count > 2)
      logged = 1;
  }
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
