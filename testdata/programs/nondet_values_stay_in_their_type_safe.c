// Unknown values (nondet functions, uninitialized locals, results of
// undefined functions) are values of their C type: main's writes to x
// need a value past the type's range, so only the worker writes x. The
// explicit engine enumerates nondeterministic ints only in -2..2, so it
// cannot conclude.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned short sensor(void);

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
  long l = sensor();
  unsigned v;
  if (u > 4294967295u)
    x = 2;
  if (i > 2147483647 || i < -2147483647 - 1)
    x = 3;
  if (l > 65535)
    x = 4;
  if ((long)v + 1 > 4294967296)
    x = 5;
  return 0;
}
