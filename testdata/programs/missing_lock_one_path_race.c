// A worker takes the mutex on one nondeterministic branch only; the other
// branch updates x unprotected.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  if (__VERIFIER_nondet_bool()) {
    pthread_mutex_lock(&m);
    x = x + 1;
    pthread_mutex_unlock(&m);
  } else {
    x = x + 1;
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
