// k * 4u is computed in unsigned int: for k = 0x40000001 it wraps to 4,
// and memset clears a[0] only, well inside a, so main goes on to write
// g beside the worker (counting k elements would leave the array, and
// the run would stop at that undefined behaviour).
// expect svcomp: g=race
// expect circ: g=race
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
#include <pthread.h>
#include <string.h>

extern unsigned __VERIFIER_nondet_uint(void);

int g;
int a[4];

void *worker(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  unsigned k = __VERIFIER_nondet_uint();
  if (k == 0x40000001u) {
    memset(a, 0, k * 4u);
    g = 2;
  }
  return 0;
}
