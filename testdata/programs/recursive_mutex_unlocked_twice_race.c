// The race variant of recursive_mutex_relock_safe.c: x is written after
// the second unlock, when the recursive mutex is free again.
// expect svcomp: x=race
// expect circ: x=race
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
