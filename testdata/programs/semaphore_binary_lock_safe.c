// A semaphore initialised to 1 used as a lock by unboundedly many workers.
// expect svcomp: counter=safe
// expect circ: counter=safe
// expect-explicit svcomp: counter=unknown
// expect-explicit circ: counter=unknown
// explicit-threads: 2
#include <pthread.h>
#include <semaphore.h>

int counter;
sem_t s;

void *worker(void *arg) {
  sem_wait(&s);
  counter = counter + 1;
  sem_post(&s);
  return 0;
}

int main(void) {
  pthread_t t;
  sem_init(&s, 0, 1);
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
