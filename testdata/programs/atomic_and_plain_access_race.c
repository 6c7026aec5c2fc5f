// One thread increments a counter with __atomic_fetch_add, another reads
// it plainly: under svcomp an atomic access races with a plain one; under
// circ no race state has a thread inside an atomic step.
// expect svcomp: n=race
// expect circ: n=safe
#include <pthread.h>

int n;

void *adder(void *arg) {
  __atomic_fetch_add(&n, 1, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, adder, 0);
  int v = n;
  return 0;
}
