// Each of two workers allocates a block of a size only run time gives,
// writes its last element and sums its first and last; only the sum is
// shared, and it is added under the lock. Each block is its worker's
// alone: circ keeps it as the worker's locals.
// expect svcomp: total=safe
// expect circ: total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
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
  int sum = block[0] + block[n - 1];
  free(block);
  pthread_mutex_lock(&m);
  total += sum;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
