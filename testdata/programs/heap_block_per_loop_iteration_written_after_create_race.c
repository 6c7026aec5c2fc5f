// main allocates a block per loop iteration (an allocation site that
// runs unboundedly often: a summary) and hands each to a new worker,
// then writes it again while the worker may be writing it.
// expect svcomp: malloc@heap_block_per_loop_iteration_written_after_create_race.c:20.v=race
// expect circ: malloc@heap_block_per_loop_iteration_written_after_create_race.c:20.v=race
#include <pthread.h>
#include <stdlib.h>

struct cell { int v; };

void *worker(void *arg) {
  struct cell *c = arg;
  c->v = 2;
  return 0;
}

int main() {
  pthread_t h;
  while (__VERIFIER_nondet_int()) {
    struct cell *c = malloc(sizeof *c);
    if (!c)
      return 1;
    c->v = 0;
    pthread_create(&h, 0, worker, c);
    c->v = 1;
  }
  return 0;
}
