// malloc_wrapper_block_held_as_atomic_safe.c with a plain int counter:
// the block holds a plain int, and the two increments race.
// expect svcomp: cnt=safe malloc@malloc_wrapper_block_held_as_plain_race.c:12=race
// expect circ: cnt=safe malloc@malloc_wrapper_block_held_as_plain_race.c:12=race
// expect-explicit svcomp: cnt=unknown
// expect-explicit circ: cnt=unknown
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

void *xmalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  return p;
}

int *cnt;

void *worker(void *arg) {
  (*cnt)++;
  return 0;
}

int main(void) {
  cnt = xmalloc(sizeof(int));
  *cnt = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
