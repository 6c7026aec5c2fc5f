// A pointer typedef to atomic_int (typedef atomic_int *counter_ref),
// through a second typedef, holds the block: the block holds an
// atomic_int, and the increments through it never race.
// expect svcomp: c=safe malloc@heap_block_through_atomic_pointer_typedef_safe.c:22=safe
// expect circ: c=safe malloc@heap_block_through_atomic_pointer_typedef_safe.c:22=safe
// expect-explicit svcomp: c=unknown malloc@heap_block_through_atomic_pointer_typedef_safe.c:22=unknown
// expect-explicit circ: c=unknown malloc@heap_block_through_atomic_pointer_typedef_safe.c:22=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef atomic_int *counter_ref;
typedef counter_ref shared_counter;
shared_counter c;

void *worker(void *arg) {
  (*c)++;
  return 0;
}

int main(void) {
  c = malloc(sizeof(atomic_int));
  if (!c)
    return 0;
  *c = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
