// A field that is no bit-field ends a memory location: s.lo and s.hi
// lie in two, so the threads, which each write their own, do not race.
// expect svcomp: s.lo=safe s.hi=safe
// expect circ: s.lo=safe s.hi=safe
#include <pthread.h>

struct state {
  unsigned lo : 3;
  int sep;
  unsigned hi : 3;
} s;

void *worker(void *arg) {
  s.hi = 5;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  s.lo = 6;
  pthread_join(t, 0);
  return 0;
}
