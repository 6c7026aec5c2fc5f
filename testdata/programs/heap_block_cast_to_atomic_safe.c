// Blocks held through pointers to _Atomic types hold _Atomic objects,
// whether the pointer initializes from the call or a cast names the
// type: main's and the worker's stores into them never race.
// expect svcomp: calloc@heap_block_cast_to_atomic_safe.c:19=safe calloc@heap_block_cast_to_atomic_safe.c:20=safe
// expect circ: calloc@heap_block_cast_to_atomic_safe.c:19=safe calloc@heap_block_cast_to_atomic_safe.c:20=safe
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

atomic_int *p, *q;

void *worker(void *arg) {
  *p = 1;
  *q = 1;
  return 0;
}

int main(void) {
  atomic_int *init = calloc(1, sizeof(atomic_int));
  q = (atomic_int *)calloc(1, sizeof(atomic_int));
  if (!init || !q)
    return 0;
  *init = 0;
  p = init;
  pthread_t h;
  pthread_create(&h, 0, worker, 0);
  *p = 2;
  *q = 2;
  return 0;
}
