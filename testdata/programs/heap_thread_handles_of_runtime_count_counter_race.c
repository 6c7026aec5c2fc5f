// main keeps the handles of a run-time number of workers in a heap
// array (malloc(n * sizeof(pthread_t))) and joins them all; before the
// joins it bumps the counter the workers bump, without the mutex they
// take: a race, whatever the joins do.
// expect svcomp: counter=race
// expect circ: counter=race
#include <pthread.h>
#include <stdlib.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8)
    return 0;
  pthread_t *tids = malloc(n * sizeof(pthread_t));
  if (!tids)
    return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&tids[i], 0, worker, 0);
  counter++;
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], 0);
  free(tids);
  return 0;
}
