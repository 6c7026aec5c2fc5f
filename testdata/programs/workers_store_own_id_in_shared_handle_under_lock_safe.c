// Every worker stores its own id in last under m, and main reads it
// under m: the lock orders every pair of accesses to the handle.
// expect svcomp: last=safe
// expect circ: last=safe
// expect-explicit svcomp: last=unknown
// expect-explicit circ: last=unknown
#include <pthread.h>

pthread_t last;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  last = pthread_self();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  pthread_t seen = last;
  pthread_mutex_unlock(&m);
  (void)seen;
  return 0;
}
