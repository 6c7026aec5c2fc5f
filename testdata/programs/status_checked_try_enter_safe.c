// A try-enter function returns a status (0 on success) from an atomic
// test-and-set of busy; unboundedly many workers update the unbounded
// counter hits only when it returned 0, then leave. busy is only accessed
// atomically.
// expect svcomp: hits=safe busy=safe
// expect circ: hits=safe busy=safe
// expect-explicit svcomp: hits=unknown busy=unknown
// expect-explicit circ: hits=unknown busy=unknown
// explicit-threads: 2
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int busy;
int hits;

int try_enter(void) {
  int status = 1;
  __VERIFIER_atomic_begin();
  if (busy == 0) {
    busy = 1;
    status = 0;
  }
  __VERIFIER_atomic_end();
  return status;
}

void leave(void) {
  __VERIFIER_atomic_begin();
  busy = 0;
  __VERIFIER_atomic_end();
}

void *worker(void *arg) {
  while (1) {
    if (try_enter() == 0) {
      hits = hits + 1;
      leave();
    }
  }
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
