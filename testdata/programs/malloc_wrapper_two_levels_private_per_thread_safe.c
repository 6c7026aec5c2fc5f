// Two levels of allocator wrappers returning void * (xcalloc calls
// zalloc, which calls calloc): every worker, any number of them, gets
// its own block of the type it assigns the result to, fills it and
// frees it; only the count of finished workers is shared.
// expect svcomp: done=safe
// expect circ: done=safe
// expect-explicit svcomp: done=unknown
// expect-explicit circ: done=unknown
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

void *worker(void *arg) {
  struct buf *b = xcalloc(sizeof(struct buf));
  b->len = 2;
  b->data[0] = 1;
  b->data[1] = b->data[0] + 1;
  free(b);
  pthread_mutex_lock(&m);
  done++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
