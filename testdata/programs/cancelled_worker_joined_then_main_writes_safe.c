// main cancels a worker that loops forever, joins it, and then writes x,
// which the worker wrote without a lock: the worker ends at a
// cancellation point (sleep), and the join orders all its writes before
// main's.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
// explicit-max-states: 50000
#include <pthread.h>
#include <unistd.h>

int x;

void *worker(void *arg) {
  while (1) {
    x = x + 1;
    sleep(1);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_cancel(t);
  pthread_join(t, 0);
  x = 0;
  return 0;
}
