// main allocates a block every other iteration and passes the latest
// one to each of any number of workers: workers 0 and 1 get the same
// block and both write it. The CIRC engine's refinement gets stuck on
// which block a thread holds; the explicit stage finds the race.
// expect svcomp: malloc@per_thread_block_allocated_per_creation_any_number_race.c:24.done=race
// expect circ: malloc@per_thread_block_allocated_per_creation_any_number_race.c:24.done=race
// expect-circ-engine svcomp: malloc@per_thread_block_allocated_per_creation_any_number_race.c:24.done=unknown
// expect-circ-engine circ: malloc@per_thread_block_allocated_per_creation_any_number_race.c:24.done=unknown
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct job { int done; };
void *worker(void *arg) {
  struct job *j = arg;
  j->done = 1;
  return 0;
}
int main() {
  pthread_t t;
  struct job *j = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
      j = malloc(sizeof *j);
      if (!j) return 0;
    }
    pthread_create(&t, 0, worker, j);
  }
  return 0;
}
