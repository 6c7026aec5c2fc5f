// Each thread counts in its own copy of a __thread variable (started at
// its initializer, 10); a thread-local variable is never shared, so it is
// not a race target. The shared total is protected by a mutex.
// expect svcomp: total=safe
// expect circ: total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
// explicit-threads: 2
#include <pthread.h>

__thread int mine = 10;
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  mine = mine + 1;
  pthread_mutex_lock(&m);
  total = total + mine;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
