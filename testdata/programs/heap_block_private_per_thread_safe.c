// Every worker (any number of them) allocates its own block, fills it
// and frees it: no other thread ever holds its address, so each thread's
// block is private.
// expect svcomp: done=safe
// expect circ: done=safe
// expect-explicit svcomp: done=unknown
// expect-explicit circ: done=unknown
#include <pthread.h>
#include <stdlib.h>

struct buf { int len; int data[2]; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int done;

void *worker(void *arg) {
  struct buf *b = malloc(sizeof(struct buf));
  if (!b)
    return 0;
  b->len = 2;
  b->data[0] = 1;
  b->data[1] = b->data[0] + 1;
  free(b);
  pthread_mutex_lock(&m);
  done++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
