// heap_block_returned_as_atomic_safe.c where the constructor returns an
// int *: the block holds a plain int, and the increments race.
// expect svcomp: c=safe malloc@heap_block_returned_as_plain_race.c:12=race
// expect circ: c=safe malloc@heap_block_returned_as_plain_race.c:12=race
// expect-explicit svcomp: c=unknown
// expect-explicit circ: c=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void *xmalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  return p;
}

int *new_counter(void) { return xmalloc(sizeof(int)); }

int *c;

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
