// Workers count events in an array of plain ints with GCC's atomic
// builtins, reached through a pointer to an element they pick at run
// time: every access is atomic, so none races, whichever slot two
// workers share.
// expect svcomp: counters[0]=safe counters[1]=safe counters[2]=safe counters[3]=safe
// expect circ: counters[0]=safe counters[1]=safe counters[2]=safe counters[3]=safe
#include <pthread.h>

int counters[4];

void *worker(void *arg) {
  int *c = &counters[__VERIFIER_nondet_bool() ? 2 : 3];
  __atomic_fetch_add(c, 1, __ATOMIC_SEQ_CST);
  __sync_fetch_and_sub(&counters[1], 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return __atomic_load_n(&counters[2], __ATOMIC_SEQ_CST);
}
