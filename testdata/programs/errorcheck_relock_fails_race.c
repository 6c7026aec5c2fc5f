// An error-checking mutex locked again by its owner: the second lock
// fails with EDEADLK instead of counting, so the first unlock frees it and
// the write after it is unprotected (with a recursive mutex it would not
// be: recursive_mutex_relock_safe.c).
// expect svcomp: x=race
// expect circ: x=race
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;

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
