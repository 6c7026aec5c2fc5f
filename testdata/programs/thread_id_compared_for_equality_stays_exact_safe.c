// main writes x before joining the worker only if the handle the
// creation stored is 0, which it never is. Comparing a thread id for
// equality, with 0 or with another id, is exact, though ids as numbers
// are not (thread_ids_hashed_into_buckets_may_collide_race.c).
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  if (t == 0 || t == pthread_self())
    x = 2;
  pthread_join(t, 0);
  return x;
}
