// A recursive mutex (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) locked twice
// by the same thread: the second lock counts instead of deadlocking, and
// x is written while the first of two unlocks leaves the mutex held.
// expect svcomp: x=safe
// expect circ: x=safe
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
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
