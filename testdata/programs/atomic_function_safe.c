// Every access to x is inside a __VERIFIER_atomic_ function, which runs
// atomically: no two accesses are ever both enabled outside atomic sections.
// main reads x after joining both workers.
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;

void __VERIFIER_atomic_inc(void) {
  int t;
  t = x;
  x = t + 1;
}

void *worker(void *arg) {
  __VERIFIER_atomic_inc();
  __VERIFIER_atomic_inc();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  int r;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  r = x;
  return r;
}
