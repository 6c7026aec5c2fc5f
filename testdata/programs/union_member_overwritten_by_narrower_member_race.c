// After u.l = 0, a write of the narrower member u.h.lo changes u.l's
// low bytes: u.l is 5 on the machine, so the worker writes g. circ
// gives u.l an arbitrary value after the write of u.h.lo (its values
// are not bytes), which includes 5.
// expect svcomp: g=race u.l=safe
// expect circ: g=race u.l=safe
// expect-explicit svcomp: g=race u.l=unknown
// expect-explicit circ: g=race u.l=unknown
#include <pthread.h>

struct halves {
  int lo, hi;
};

union word {
  long l;
  struct halves h;
};

union word u;
int g;

void *worker(void *arg) {
  if (u.l != 0)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  u.l = 0;
  u.h.lo = 5;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
