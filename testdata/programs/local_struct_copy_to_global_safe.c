// A local struct, initialized field by field and copied into a global
// under the lock that guards every read of the global: the copy writes
// each field of snap under m.
// expect svcomp: snap.lo=safe snap.hi=safe
// expect circ: snap.lo=safe snap.hi=safe
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
  pthread_mutex_lock(&m);
  snap = r;
  pthread_mutex_unlock(&m);
  return 0;
}
