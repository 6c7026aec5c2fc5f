// heap_block_through_atomic_pointer_typedef_safe.c with a typedef of a
// pointer to plain int: the block holds a plain int, and the
// increments race.
// expect svcomp: c=safe malloc@heap_block_through_int_pointer_typedef_race.c:22=race
// expect circ: c=safe malloc@heap_block_through_int_pointer_typedef_race.c:22=race
// expect-explicit svcomp: c=unknown
// expect-explicit circ: c=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef int *counter_ref;
typedef counter_ref shared_counter;
shared_counter c;

void *worker(void *arg) {
  (*c)++;
  return 0;
}

int main(void) {
  c = malloc(sizeof(int));
  if (!c)
    return 0;
  *c = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
