// semaphore_binary_lock_safe.c with two permits: two workers are in the
// critical section at once.
// expect svcomp: counter=race
// expect circ: counter=race
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
  sem_init(&s, 0, 2);
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
