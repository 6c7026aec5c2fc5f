// Each worker (any number) publishes a zeroed block of its own in a
// global; main writes through the global without a lock while a worker
// may still be writing its block: the site runs once per worker and its
// blocks are shared, so it is a summary.
// expect svcomp: calloc@heap_blocks_calloc_in_loop_published_race.c:20.n=race
// expect circ: calloc@heap_blocks_calloc_in_loop_published_race.c:20.n=race
// expect svcomp: latest=safe
// expect circ: latest=safe
// expect-explicit svcomp: latest=unknown
// expect-explicit circ: latest=unknown
// explicit-max-states: 20000
#include <pthread.h>
#include <stdlib.h>

struct box { int n; };
struct box *latest;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  struct box *b = calloc(1, sizeof *b);
  if (!b)
    return 0;
  pthread_mutex_lock(&m);
  latest = b;
  pthread_mutex_unlock(&m);
  b->n = 1;
  return 0;
}

int main() {
  pthread_t h;
  while (__VERIFIER_nondet_int())
    pthread_create(&h, 0, worker, 0);
  pthread_mutex_lock(&m);
  struct box *b = latest;
  pthread_mutex_unlock(&m);
  if (b)
    b->n = 2;
  return 0;
}
