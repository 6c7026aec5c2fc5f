// Two workers are created by a counted loop (so the front end sees an
// unbounded template), then joined; they update x under a mutex. The
// explicit engine never hits its thread bound here (the loop stops at 2),
// so it covers every behaviour and proves safety.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  int i;
  for (i = 0; i < 2; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
