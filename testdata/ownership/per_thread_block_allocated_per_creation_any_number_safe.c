// main allocates a fresh block for each of any number of workers and
// passes it as the argument; each worker writes its own block. No block
// reaches two workers: safe for any number of workers. circ tells the
// worker that got the tracked block from the others
// (cfa.SplitByOwnership).
// expect svcomp: malloc@per_thread_block_allocated_per_creation_any_number_safe.c:23.done=safe
// expect circ: malloc@per_thread_block_allocated_per_creation_any_number_safe.c:23.done=safe
// expect-explicit svcomp: malloc@per_thread_block_allocated_per_creation_any_number_safe.c:23.done=unknown
// expect-explicit circ: malloc@per_thread_block_allocated_per_creation_any_number_safe.c:23.done=unknown
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
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct job *j = malloc(sizeof *j);
    if (!j) return 0;
    pthread_create(&t, 0, worker, j);
  }
  return 0;
}
