// atomic_counter_increments_safe.c with volatile instead of _Atomic:
// volatile makes no access atomic, and the increments race.
// expect svcomp: hits=race
// expect circ: hits=race
#include <pthread.h>

volatile int hits;

void *worker(void *arg) {
  hits++;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
