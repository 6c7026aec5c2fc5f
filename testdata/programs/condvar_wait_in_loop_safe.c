// The consumer waits on a condition variable in a loop until ready is
// set, and only then reads data, which the producer wrote before setting
// ready. Waits may end spuriously; the loop makes that harmless.
// expect svcomp: data=safe ready=safe
// expect circ: data=safe ready=safe
#include <pthread.h>

int data;
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  data = 42;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  int v = data;
  return 0;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&q, 0, consumer, 0);
  return 0;
}
