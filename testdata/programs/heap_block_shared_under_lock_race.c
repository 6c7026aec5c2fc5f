// heap_block_shared_under_lock_safe.c where main reads the block without
// the mutex while workers may be writing it.
// expect svcomp: malloc@heap_block_shared_under_lock_race.c:22=race shared=safe
// expect circ: malloc@heap_block_shared_under_lock_race.c:22=race shared=safe
// expect-explicit svcomp: shared=unknown
// expect-explicit circ: shared=unknown
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
  return *shared;
}
