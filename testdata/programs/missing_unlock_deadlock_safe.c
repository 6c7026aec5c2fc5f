// A worker returns without unlocking on one path: the other worker then
// blocks forever. That is a deadlock, not a data race: x stays protected.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  if (x > 1)
    return 0;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
