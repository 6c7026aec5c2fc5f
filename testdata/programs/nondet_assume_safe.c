// main picks a nondeterministic mode and assumes it positive; the worker
// writes x only in mode <= 0, so only main ever writes x. The explicit
// engine enumerates nondeterministic ints only in -2..2, so it cannot
// conclude.
// expect svcomp: x=safe mode=safe
// expect circ: x=safe mode=safe
// expect-explicit svcomp: x=unknown mode=unknown
// expect-explicit circ: x=unknown mode=unknown
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int x, mode;

void *worker(void *arg) {
  if (mode <= 0)
    x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  mode = __VERIFIER_nondet_int();
  __VERIFIER_assume(mode > 0);
  pthread_create(&t, 0, worker, 0);
  x = 2;
  return 0;
}
