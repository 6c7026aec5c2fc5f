// A reference-counted object on the heap: main holds one reference and
// takes one for each of two workers before it starts them; each holder
// drops its reference with atomic_fetch_sub through a pointer
// (&o->ref), and only the one that drops the last writes the data.
// expect svcomp: shared=safe calloc@atomic_refcount_through_pointer_safe.c:25.ref=safe calloc@atomic_refcount_through_pointer_safe.c:25.data=safe
// expect circ: shared=safe calloc@atomic_refcount_through_pointer_safe.c:25.ref=safe calloc@atomic_refcount_through_pointer_safe.c:25.data=safe
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct obj { atomic_int ref; int data; };
struct obj *shared;

void put(struct obj *o) {
  if (atomic_fetch_sub(&o->ref, 1) == 1)
    o->data = 0;
}

void *worker(void *arg) {
  put(shared);
  return 0;
}

int main(void) {
  shared = calloc(1, sizeof *shared);
  if (!shared)
    return 0;
  atomic_init(&shared->ref, 1);
  atomic_fetch_add(&shared->ref, 2);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  put(shared);
  return 0;
}
