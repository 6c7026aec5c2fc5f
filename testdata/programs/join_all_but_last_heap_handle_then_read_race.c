// join_all_heap_handles_then_read_safe.c with a join loop that stops one
// short: the last worker may still bump the total while main reads it.
// expect svcomp: total=race
// expect circ: total=race
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  total = total + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0)
    return 0;
  pthread_t *t = malloc(n * sizeof(pthread_t));
  if (!t)
    return 0;
  int i, j;
  for (i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (j = 0; j < n - 1; j++)
    pthread_join(t[j], 0);
  return total;
}
