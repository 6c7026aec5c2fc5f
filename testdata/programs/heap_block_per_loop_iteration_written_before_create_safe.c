// heap_block_per_loop_iteration_written_after_create_race.c where main
// writes each block only before it hands it over. No race. circ's
// context abstraction keeps no thread's pointer argument, so on the
// program it cannot tell that each worker's block is another one; on
// the program split by which worker got the tracked block
// (cfa.SplitByOwnership) it proves that only that worker and main,
// before creating it, touch the block, assuming no undefined behaviour
// is reached: circ check, which decides that for the whole program,
// says safe; the engine alone, which must decide it itself, unknown.
// expect svcomp: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=safe
// expect circ: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=safe
// expect-circ-engine svcomp: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=unknown
// expect-circ-engine circ: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=unknown
// expect-explicit svcomp: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=unknown
// expect-explicit circ: malloc@heap_block_per_loop_iteration_written_before_create_safe.c:30.v=unknown
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
  }
  return 0;
}
