// CIL writes PTHREAD_MUTEX_INITIALIZER of a local as one assignment per
// field of glibc's mutex, then copies the local into the block the
// program uses. The copy is an unlocked normal mutex, and it guards
// the workers' count.
// expect svcomp: malloc@mutex_initialized_field_by_field_then_copied_into_heap_safe.c:34.n=safe
// expect circ: malloc@mutex_initialized_field_by_field_then_copied_into_heap_safe.c:34.n=safe
// expect-explicit svcomp: malloc@mutex_initialized_field_by_field_then_copied_into_heap_safe.c:34.n=unknown
// expect-explicit circ: malloc@mutex_initialized_field_by_field_then_copied_into_heap_safe.c:34.n=unknown
#include <pthread.h>
#include <stdlib.h>

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
  pthread_mutex_t mut;
  mut.__data.__lock = 0;
  mut.__data.__count = 0U;
  mut.__data.__owner = 0;
  mut.__data.__nusers = 0U;
  mut.__data.__kind = 0;
  mut.__data.__spins = (short)0;
  mut.__data.__elision = (short)0;
  mut.__data.__list.__prev = (struct __pthread_internal_list *)0;
  mut.__data.__list.__next = (struct __pthread_internal_list *)0;
  c = malloc(sizeof *c);
  if (!c)
    return 1;
  c->m = mut;
  c->n = 0;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return c->n;
}
