// atomic_counters_indexed_through_pointer_safe.c where main reads the
// slot plainly: a plain read and an atomic update of the same int
// race under svcomp's definition (circ's, the paper's, counts no race
// with an atomic access).
// expect svcomp: counters[0]=safe counters[1]=safe counters[2]=race counters[3]=safe
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
  return counters[2];
}
