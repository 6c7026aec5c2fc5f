// A spin lock built from __sync_bool_compare_and_swap and
// __sync_lock_release protects a counter for unboundedly many workers.
// expect svcomp: counter=safe
// expect circ: counter=safe
// expect-explicit svcomp: counter=unknown
// expect-explicit circ: counter=unknown
// explicit-threads: 2
#include <pthread.h>

int lock;
int counter;

void *worker(void *arg) {
  while (!__sync_bool_compare_and_swap(&lock, 0, 1)) {
  }
  counter = counter + 1;
  __sync_lock_release(&lock);
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
