// A constructor returns its block as atomic_int * (through an
// allocator's wrapper): the block holds an atomic_int, and the
// workers' increments never race.
// expect svcomp: c=safe malloc@heap_block_returned_as_atomic_safe.c:13=safe
// expect circ: c=safe malloc@heap_block_returned_as_atomic_safe.c:13=safe
// expect-explicit svcomp: c=unknown malloc@heap_block_returned_as_atomic_safe.c:13=unknown
// expect-explicit circ: c=unknown malloc@heap_block_returned_as_atomic_safe.c:13=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void *xmalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  return p;
}

atomic_int *new_counter(void) { return xmalloc(sizeof(atomic_int)); }

atomic_int *c;

void *worker(void *arg) {
  (*c)++;
  return 0;
}

int main(void) {
  c = new_counter();
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
