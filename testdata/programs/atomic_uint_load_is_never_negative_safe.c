// atomic_load of an atomic_uint holding UINT_MAX is UINT_MAX, never
// negative, and atomic_fetch_add on an atomic_long returns a value past
// INT_MAX: the worker never writes g, which main writes. circ's
// <stdatomic.h> gives the value the object's type, as C's generic
// functions do (read as int, the first test would hold and g race).
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>
#include <stdatomic.h>
atomic_uint seq = 4294967295u;
atomic_long big = 5000000000L;
int g;
void *w(void *a) {
  if (atomic_load(&seq) < 0L || atomic_fetch_add(&big, 1) < 3000000000L)
    g = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
