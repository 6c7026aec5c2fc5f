// mutex_of_main_passed_to_thread_safe.c with the thread created before
// main initializes its mutex: the worker may lock the automatic
// variable while its bytes are indeterminate, undefined behaviour
// (a finding with its run), which the verdict for g assumes away.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 14
#include <pthread.h>

int g;

void *worker(void *arg) {
  pthread_mutex_t *m = arg;
  pthread_mutex_lock(m);
  g = 8;
  pthread_mutex_unlock(m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_t m;
  pthread_create(&t, 0, worker, &m);
  pthread_mutex_init(&m, 0);
  pthread_mutex_lock(&m);
  g = 9;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
