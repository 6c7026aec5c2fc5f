// malloc_wrapper_two_levels_private_per_thread_safe.c where main
// allocates one block through the wrappers and every worker fills that
// one: two workers write its length at once.
// expect svcomp: done=safe b=safe calloc@malloc_wrapper_two_levels_shared_block_race.c:13.len=race
// expect circ: done=safe b=safe calloc@malloc_wrapper_two_levels_shared_block_race.c:13.len=race
// expect-explicit svcomp: done=unknown b=unknown
// expect-explicit circ: done=unknown b=unknown
#include <pthread.h>
#include <stdlib.h>

struct buf { int len; int data[2]; };

void *zalloc(size_t size) { return calloc(1, size); }

void *xcalloc(size_t size) {
  void *p = zalloc(size);
  if (!p)
    abort();
  return p;
}

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int done;
struct buf *b;

void *worker(void *arg) {
  b->len = 2;
  pthread_mutex_lock(&m);
  done++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  b = xcalloc(sizeof(struct buf));
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
