// status_checked_try_enter_safe.c with the status convention inverted:
// try_enter returns 1 on success, but callers still treat 0 as success.
// A worker that gets in goes round its loop without touching hits or
// leaving; from then on every try fails, and each failing worker takes the
// failure for success and updates hits: two workers race on it.
// expect svcomp: hits=race busy=safe
// expect circ: hits=race busy=safe
// expect-explicit svcomp: hits=race busy=unknown
// expect-explicit circ: hits=race busy=unknown
// explicit-threads: 2
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int busy;
int hits;

int try_enter(void) {
  int status = 0;
  __VERIFIER_atomic_begin();
  if (busy == 0) {
    busy = 1;
    status = 1;
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
