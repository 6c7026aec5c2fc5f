// Unboundedly many workers increment an _Atomic counter with ++ and +=:
// each is one atomic read-modify-write, and atomic accesses never race.
// expect svcomp: hits=safe
// expect circ: hits=safe
// expect-explicit svcomp: hits=unknown
// expect-explicit circ: hits=unknown
// explicit-threads: 2
#include <pthread.h>

_Atomic int hits;

void *worker(void *arg) {
  hits++;
  hits += 2;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
