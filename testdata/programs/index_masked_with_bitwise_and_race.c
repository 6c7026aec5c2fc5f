// Each worker writes the slot its unknown number masked with & 1
// selects: circ reads x & 1 exactly (x mod 2, also for negative x), so
// the abstract engine finds the race on each slot and the interpreter
// replays it; the shared flag word is updated under a mutex with | and
// & ~, which are exact too.
// expect svcomp: slots[0]=race slots[1]=race flags=safe
// expect circ: slots[0]=race slots[1]=race flags=safe
// expect-explicit svcomp: flags=unknown
// expect-explicit circ: flags=unknown
#include <pthread.h>

int slots[2];
unsigned flags;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int i = __VERIFIER_nondet_int() & 1;
  slots[i] = 1;
  pthread_mutex_lock(&m);
  flags = (flags | (1u << 3)) & ~1u;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
