// A counter block is allocated and cleared with memset, mutex
// included: zero bytes are PTHREAD_MUTEX_INITIALIZER in glibc, so the
// workers' mutex is a plain unlocked one and guards the count.
// expect svcomp: c=safe malloc@memset_zeroes_mutex_in_heap_struct_safe.c:24.n=safe
// expect circ: c=safe malloc@memset_zeroes_mutex_in_heap_struct_safe.c:24.n=safe
// expect-explicit svcomp: c=unknown malloc@memset_zeroes_mutex_in_heap_struct_safe.c:24.n=unknown
// expect-explicit circ: c=unknown malloc@memset_zeroes_mutex_in_heap_struct_safe.c:24.n=unknown
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct counter { pthread_mutex_t m; int n; };
struct counter *c;

void *worker(void *arg) {
  pthread_mutex_lock(&c->m);
  c->n++;
  pthread_mutex_unlock(&c->m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  c = malloc(sizeof *c);
  if (!c)
    return 1;
  memset(c, 0, sizeof *c);
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return c->n;
}
