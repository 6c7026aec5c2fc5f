// A variable-length array whose length is not positive is undefined
// behaviour (UBSan's vla-bound check): circ reports it as a finding and
// cuts the run there. The worker writes `g` only after declaring an
// array of length k, which main makes 0, so no write happens in the runs
// that do not reach it (safe, assuming no undefined behaviour). The
// explicit engine enumerates the block's first contents only in -2..2.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
// expect-undefined: 17
#include <pthread.h>

int g, k = 1;

void *worker(void *arg) {
  int a[k];
  a[0] = 1;
  g = a[0];
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  k = 0;
  pthread_create(&h1, 0, worker, 0);
  pthread_create(&h2, 0, worker, 0);
  return 0;
}
