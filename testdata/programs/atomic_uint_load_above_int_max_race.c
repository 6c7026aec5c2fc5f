// The same worker with the tests turned around: an atomic_uint holding
// UINT_MAX compares above 100 as a long, so the worker writes g while
// main does.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <stdatomic.h>
atomic_uint seq = 4294967295u;
atomic_long big = 5000000000L;
int g;
void *w(void *a) {
  if (atomic_load(&seq) > 100L && atomic_fetch_add(&big, 1) > 3000000000L)
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
