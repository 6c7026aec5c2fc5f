// The mutex in a block from malloc is used without pthread_mutex_init:
// its bytes are indeterminate, and locking it is undefined behaviour,
// a finding in each thread that locks it. circ cuts those runs; g is
// safe in the runs that remain (none goes past a lock), which the
// verdict says. calloc's zero bytes, or an init, make it a mutex
// (heap_mutex_zeroed_by_calloc_safe.c).
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 17 29
#include <pthread.h>
#include <stdlib.h>

int g;

void *w(void *a) {
  pthread_mutex_t *m = a;
  pthread_mutex_lock(m);
  g++;
  pthread_mutex_unlock(m);
  return 0;
}

int main(void) {
  pthread_mutex_t *m = malloc(sizeof *m);
  if (!m)
    return 0;
  pthread_t t;
  pthread_create(&t, 0, w, m);
  pthread_mutex_lock(m);
  g++;
  pthread_mutex_unlock(m);
  pthread_join(t, 0);
  return 0;
}
