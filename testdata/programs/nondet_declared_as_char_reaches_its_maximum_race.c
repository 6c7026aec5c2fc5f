// A __VERIFIER_nondet_ function returns the type the program declares
// for it, whatever its name says: here __VERIFIER_nondet_int returns a
// signed char, so its value reaches 127, and then main writes x too.
// expect svcomp: x=race
// expect circ: x=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>

extern signed char __VERIFIER_nondet_int(void);
int x;

void *writer(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, writer, 0);
  if (__VERIFIER_nondet_int() == 127)
    x = 2;
  return 0;
}
