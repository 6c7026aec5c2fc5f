// ffs is exact: the lowest set bit of 12 is bit 3, ffs(0) is 0, and
// INT_MIN's only set bit is bit 32; the worker never writes g, which
// main writes.
// expect svcomp: g=safe
// expect circ: g=safe
#include <limits.h>
#include <pthread.h>
#include <strings.h>
int g;
int mask = 12;
void *worker(void *arg) {
  if (ffs(mask) != 3 || ffs(0) != 0 || ffs(INT_MIN) != 32)
    g = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  return 0;
}
