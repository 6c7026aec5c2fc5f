// malloc_wrapper_clears_block_with_memset_safe.c where the workers
// test the cleared counter without the mutex: a read races with the
// other worker's write.
// expect svcomp: st=safe malloc@malloc_wrapper_clears_block_with_memset_race.c:17.hits=race
// expect circ: st=safe malloc@malloc_wrapper_clears_block_with_memset_race.c:17.hits=race
// expect-explicit svcomp: st=unknown
// expect-explicit circ: st=unknown
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
  if (st->hits == 0) {
    pthread_mutex_lock(&m);
    st->hits = 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  st = xzalloc(sizeof *st);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
