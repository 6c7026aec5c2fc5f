// condvar_wait_in_loop_safe.c with `if` instead of `while`: a spurious
// wake-up (which POSIX allows) lets the consumer read data while the
// producer writes it.
// expect svcomp: data=race ready=safe
// expect circ: data=race ready=safe
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
  if (!ready)
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
