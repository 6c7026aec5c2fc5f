// heap_block_private_per_thread_safe.c where each worker counts its
// blocks in a global without the mutex.
// expect svcomp: done=safe allocated=race
// expect circ: done=safe allocated=race
// expect-explicit svcomp: done=unknown
// expect-explicit circ: done=unknown
#include <pthread.h>
#include <stdlib.h>

struct buf { int len; int data[2]; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int done, allocated;

void *worker(void *arg) {
  struct buf *b = malloc(sizeof(struct buf));
  if (!b)
    return 0;
  allocated++;
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
