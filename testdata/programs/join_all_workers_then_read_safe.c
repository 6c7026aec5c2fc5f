// main starts exactly three workers, each adding an unbounded
// nondeterministic number of increments to sum under a mutex, and reads
// sum only after joining all three. sum has no bound, so the explicit
// engine cannot conclude.
// expect svcomp: sum=safe
// expect circ: sum=safe
// expect-explicit svcomp: sum=unknown
// expect-explicit circ: sum=unknown
// explicit-max-states: 20000
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int sum;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  while (__VERIFIER_nondet_int()) {
    pthread_mutex_lock(&m);
    sum = sum + 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  int total;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_create(&t3, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  total = sum;
  return 0;
}
