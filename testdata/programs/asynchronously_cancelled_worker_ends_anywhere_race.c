// cancelled_worker_without_cancellation_point_never_ends_safe.c with a
// worker that makes its cancellation asynchronous: it may end at any
// step, so the join returns, late starts, and both write y.
// expect svcomp: y=race
// expect circ: y=race
#include <pthread.h>

int x, y;

void *worker(void *arg) {
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, 0);
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
