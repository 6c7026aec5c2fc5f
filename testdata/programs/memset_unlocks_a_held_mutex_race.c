// main zeroes the mutex while the worker may hold it: memset does not
// ask the lock, the mutex is unlocked again, and main's locked write
// races with the worker's.
// expect svcomp: s.n=race
// expect circ: s.n=race
#include <pthread.h>
#include <string.h>

struct shared { pthread_mutex_t m; int n; };
struct shared s = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *worker(void *arg) {
  pthread_mutex_lock(&s.m);
  s.n = 1;
  pthread_mutex_unlock(&s.m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  memset(&s.m, 0, sizeof s.m);
  pthread_mutex_lock(&s.m);
  s.n = 2;
  pthread_mutex_unlock(&s.m);
  pthread_join(t, 0);
  return 0;
}
