// main cancels a worker that loops forever and joins it: the join
// returns once the worker ends at a cancellation point (sleep), so main
// goes on to start late, and both write y.
// expect svcomp: y=race
// expect circ: y=race
#include <pthread.h>
#include <unistd.h>

int x, y;

void *worker(void *arg) {
  while (1) {
    x = x + 1;
    sleep(1);
  }
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
