// An error-checking mutex: a lock that returns an error (EDEADLK: the
// caller already holds it) is not followed by an unlock, so the write
// stays protected.
// expect svcomp: x=safe
// expect circ: x=safe
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (pthread_mutex_lock(&m) == 0)
    pthread_mutex_unlock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
