// worker_block_of_any_size_stays_its_own_safe.c with the block's size
// added to total outside the lock: the blocks are still each worker's
// own, but the workers race on total.
// expect svcomp: total=race
// expect circ: total=race
#include <pthread.h>
#include <stdlib.h>

int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  if (n < 1)
    return 0;
  int *block = calloc(n, sizeof(int));
  if (block == 0)
    return 0;
  block[n - 1] = n;
  free(block);
  total += n;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
