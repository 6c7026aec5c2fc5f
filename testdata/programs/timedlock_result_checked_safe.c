// pthread_mutex_timedlock may time out while the mutex is held; workers
// write x only when it returned 0 (the mutex is theirs).
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
// explicit-threads: 2
#include <pthread.h>
#include <time.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct timespec deadline;

void *worker(void *arg) {
  if (pthread_mutex_timedlock(&m, &deadline) == 0) {
    x = x + 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
