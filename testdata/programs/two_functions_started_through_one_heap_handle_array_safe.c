// two_functions_started_through_one_heap_handle_array_race.c with both
// functions taking one mutex around their access to g.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *f(void *arg) {
  pthread_mutex_lock(&m);
  g = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *h(void *arg) {
  pthread_mutex_lock(&m);
  int x = g;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2)
    return 0;
  pthread_t *t = malloc(n * sizeof(pthread_t));
  if (!t)
    return 0;
  pthread_create(&t[0], 0, f, 0);
  for (int i = 1; i < n; i++)
    pthread_create(&t[i], 0, h, 0);
  return 0;
}
