// Unboundedly many workers increment a counter under a spin lock.
// expect svcomp: counter=safe
// expect circ: counter=safe
// expect-explicit svcomp: counter=unknown
// expect-explicit circ: counter=unknown
// explicit-threads: 2
#include <pthread.h>

int counter;
pthread_spinlock_t s;

void *worker(void *arg) {
  pthread_spin_lock(&s);
  counter = counter + 1;
  pthread_spin_unlock(&s);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
