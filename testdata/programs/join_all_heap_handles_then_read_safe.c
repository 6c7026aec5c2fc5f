// main starts a run-time number of workers, keeping their handles in a
// heap array, joins each one in a second loop, and only then reads the
// total they bump under a mutex, without taking it: safe for any
// number of workers. circ tracks one element of the array, any one; the
// bounds of both loops prove that the join loop meets it.
// expect svcomp: total=safe
// expect circ: total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
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
  for (j = 0; j < n; j++)
    pthread_join(t[j], 0);
  return total;
}
