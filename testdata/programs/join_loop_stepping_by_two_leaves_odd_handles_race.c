// main creates four workers through a constant array of handles, but
// its join loop steps by two: workers 1 and 3 may still write data
// under the lock while main reads it without. The bound is a local
// that always holds 4, so both loops are unrolled. The abstract engine
// finds no predicate that separates the unjoined workers from the
// joined ones (stuck at its counter bound); the explicit stage of
// `circ check` finds the race and replays it.
// expect svcomp: data=race
// expect circ: data=race
// expect-circ-engine svcomp: data=unknown
// expect-circ-engine circ: data=unknown
#include <pthread.h>

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  data = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = 4;
  pthread_t t[4];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n; i += 2)
    pthread_join(t[i], 0);
  return data;
}
