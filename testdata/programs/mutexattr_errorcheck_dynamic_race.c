// mutexattr_recursive_dynamic_safe.c with PTHREAD_MUTEX_ERRORCHECK: the
// nested lock fails, the first unlock frees the mutex, and the write races.
// expect svcomp: x=race
// expect circ: x=race
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m;
pthread_mutexattr_t attr;

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
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &attr);
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
