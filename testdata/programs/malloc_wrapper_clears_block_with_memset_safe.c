// A zeroing allocator's wrapper (malloc, then memset of the void *
// it returns): memset clears the cells of the type the call allocates,
// a struct of two counters, with the size the call passes. The workers
// update the counters under a mutex.
// expect svcomp: st=safe malloc@malloc_wrapper_clears_block_with_memset_safe.c:18.hits=safe
// expect circ: st=safe malloc@malloc_wrapper_clears_block_with_memset_safe.c:18.hits=safe
// expect-explicit svcomp: st=unknown malloc@malloc_wrapper_clears_block_with_memset_safe.c:18.hits=unknown
// expect-explicit circ: st=unknown malloc@malloc_wrapper_clears_block_with_memset_safe.c:18.hits=unknown
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct stats { int hits; int misses; };
struct stats *st;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *xzalloc(size_t size) {
  void *p = malloc(size);
  if (!p)
    abort();
  memset(p, 0, size);
  return p;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (st->hits == 0)
    st->hits = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  st = xzalloc(sizeof *st);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
