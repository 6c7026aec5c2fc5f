// A block from an allocator's wrapper, assigned to a pointer to
// atomic_int, holds an atomic_int: the workers' increments are atomic
// read-modify-writes and never race.
// expect svcomp: cnt=safe malloc@malloc_wrapper_block_held_as_atomic_safe.c:13=safe
// expect circ: cnt=safe malloc@malloc_wrapper_block_held_as_atomic_safe.c:13=safe
// expect-explicit svcomp: cnt=unknown malloc@malloc_wrapper_block_held_as_atomic_safe.c:13=unknown
// expect-explicit circ: cnt=unknown malloc@malloc_wrapper_block_held_as_atomic_safe.c:13=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void *xmalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  return p;
}

atomic_int *cnt;

void *worker(void *arg) {
  (*cnt)++;
  return 0;
}

int main(void) {
  cnt = xmalloc(sizeof(atomic_int));
  *cnt = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
