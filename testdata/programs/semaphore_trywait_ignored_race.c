// semaphore_handoff_safe.c, but the consumer uses sem_trywait and reads
// data even when it failed (returned -1): before the producer posted.
// expect svcomp: data=race
// expect circ: data=race
#include <pthread.h>
#include <semaphore.h>

int data;
sem_t ready;

void *producer(void *arg) {
  data = 42;
  sem_post(&ready);
  return 0;
}

void *consumer(void *arg) {
  sem_trywait(&ready);
  int v = data;
  return 0;
}

int main(void) {
  pthread_t p, c;
  sem_init(&ready, 0, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  return 0;
}
