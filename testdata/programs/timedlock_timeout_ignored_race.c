// timedlock_result_checked_safe.c, but the write ignores the result: a
// worker whose wait timed out writes x while another holds the mutex.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <time.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct timespec deadline;

void *worker(void *arg) {
  int r = pthread_mutex_timedlock(&m, &deadline);
  x = x + 1;
  if (r == 0)
    pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
