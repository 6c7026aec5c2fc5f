// Split-phase handoff through a semaphore that starts at 0: the producer
// writes data, then posts; the consumer waits, then reads. No lock is
// held by either access (a lockset tool warns), the semaphore orders them.
// expect svcomp: data=safe
// expect circ: data=safe
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
  sem_wait(&ready);
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
