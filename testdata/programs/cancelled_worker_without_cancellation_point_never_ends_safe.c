// cancelled_worker_joined_then_late_thread_races_race.c with a worker
// that reaches no cancellation point: deferred cancellation never ends
// it, the join never returns, and late never starts.
// expect svcomp: y=safe
// expect circ: y=safe
// expect-explicit svcomp: y=unknown
// expect-explicit circ: y=unknown
// explicit-max-states: 50000
#include <pthread.h>

int x, y;

void *worker(void *arg) {
  while (1)
    x = x + 1;
  return 0;
}

void *late(void *arg) {
  y = 1;
  return 0;
}

int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, worker, 0);
  pthread_cancel(t);
  pthread_join(t, 0);
  pthread_create(&u, 0, late, 0);
  y = 2;
  return 0;
}
