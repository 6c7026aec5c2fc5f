// local_struct_copy_to_global_safe.c with the copy outside the lock: the
// struct assignment writes snap.lo and snap.hi unguarded.
// expect svcomp: snap.lo=race snap.hi=race
// expect circ: snap.lo=race snap.hi=race
#include <pthread.h>

struct range {
  int lo;
  int hi;
} snap;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *reader(void *arg) {
  int width;
  pthread_mutex_lock(&m);
  width = snap.hi - snap.lo;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  struct range r = {1, 4};
  pthread_create(&t, 0, reader, 0);
  r.hi = r.hi + 1;
  snap = r;
  return 0;
}
