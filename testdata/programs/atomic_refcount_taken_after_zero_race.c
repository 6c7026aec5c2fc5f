// atomic_refcount_through_pointer_safe.c where each worker takes its
// own reference once running: a worker may find the count already
// dropped to zero, take it back to one and drop it again, so two
// threads see their fetch_sub return 1 and both write the data.
// expect svcomp: shared=safe calloc@atomic_refcount_taken_after_zero_race.c:26.ref=safe calloc@atomic_refcount_taken_after_zero_race.c:26.data=race
// expect circ: shared=safe calloc@atomic_refcount_taken_after_zero_race.c:26.ref=safe calloc@atomic_refcount_taken_after_zero_race.c:26.data=race
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
  atomic_fetch_add(&shared->ref, 1);
  put(shared);
  return 0;
}

int main(void) {
  shared = calloc(1, sizeof *shared);
  if (!shared)
    return 0;
  atomic_init(&shared->ref, 1);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  put(shared);
  return 0;
}
