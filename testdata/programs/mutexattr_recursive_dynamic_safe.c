// The mutex's kind comes from an attribute at run time
// (pthread_mutexattr_settype, then pthread_mutex_init): recursive, so the
// nested lock counts and the write stays protected.
// expect svcomp: x=safe
// expect circ: x=safe
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
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &attr);
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
