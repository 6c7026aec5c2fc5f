// normal_mutex_relock_deadlocks_safe.c with a recursive mutex: main's
// second lock succeeds, the worker waits until both unlocks, and then its
// write races with main's last write.
// expect svcomp: x=race
// expect circ: x=race
#define _GNU_SOURCE
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  x = x + 1;
  return 0;
}
