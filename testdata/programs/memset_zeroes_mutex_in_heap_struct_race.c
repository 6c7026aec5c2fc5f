// memset_zeroes_mutex_in_heap_struct_safe.c with the block cleared
// again after the workers start: memset writes the count without the
// mutex, racing with a worker's increment.
// expect svcomp: c=safe malloc@memset_zeroes_mutex_in_heap_struct_race.c:24.n=race
// expect circ: c=safe malloc@memset_zeroes_mutex_in_heap_struct_race.c:24.n=race
// expect-explicit svcomp: c=unknown malloc@memset_zeroes_mutex_in_heap_struct_race.c:24.n=race
// expect-explicit circ: c=unknown malloc@memset_zeroes_mutex_in_heap_struct_race.c:24.n=race
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
  memset(c, 0, sizeof *c);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return c->n;
}
