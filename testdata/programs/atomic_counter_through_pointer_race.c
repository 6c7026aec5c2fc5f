// Unboundedly many workers update an _Atomic counter and a plain one
// through pointers: the atomic one never races, the plain one does.
// expect svcomp: hits=safe misses=race c.hits=safe c.misses=safe
// expect circ: hits=safe misses=race c.hits=safe c.misses=safe
// expect-explicit svcomp: hits=unknown c.hits=unknown c.misses=unknown
// expect-explicit circ: hits=unknown c.hits=unknown c.misses=unknown
// explicit-threads: 2
#include <pthread.h>

_Atomic int hits;
int misses;

struct counters {
  _Atomic int *hits;
  int *misses;
} c = {&hits, &misses};

void *worker(void *arg) {
  struct counters *k = arg;
  (*k->hits)++;
  (*k->misses)++;
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, (void *)&c);
  return 0;
}
