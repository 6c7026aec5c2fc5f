// An unknown unsigned int can be UINT_MAX and an unknown int INT_MIN:
// main writes x. The explicit engine enumerates nondeterministic ints
// only in -2..2, so it cannot conclude.
// expect svcomp: x=race
// expect circ: x=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

int x;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  unsigned u = __VERIFIER_nondet_uint();
  int i = __VERIFIER_nondet_int();
  if (u == 4294967295u && i == -2147483647 - 1)
    x = 2;
  return 0;
}
