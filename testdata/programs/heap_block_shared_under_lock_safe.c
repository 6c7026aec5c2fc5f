// main allocates one block and every worker (any number of them)
// increments it under the same mutex.
// expect svcomp: malloc@heap_block_shared_under_lock_safe.c:22=safe shared=safe
// expect circ: malloc@heap_block_shared_under_lock_safe.c:22=safe shared=safe
// expect-explicit svcomp: shared=unknown malloc@heap_block_shared_under_lock_safe.c:22=unknown
// expect-explicit circ: shared=unknown malloc@heap_block_shared_under_lock_safe.c:22=unknown
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int *shared;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  *shared += 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  shared = malloc(sizeof(int));
  if (!shared)
    return 1;
  *shared = 0;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
