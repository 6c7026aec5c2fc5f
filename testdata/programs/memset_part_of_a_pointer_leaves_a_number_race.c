// memset of a run-time count of bytes over an array of pointers may end
// inside a pointer, whose bytes are then partly zero: a number, not an
// address (using it is undefined). It no longer points anywhere: main's
// store through it reaches a (which the worker writes) or is undefined,
// and never b.
// expect svcomp: a=race b=safe
// expect circ: a=race b=safe
// expect-explicit svcomp: b=unknown
// expect-explicit circ: b=unknown
// expect-undefined: 27
#include <pthread.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
int a, b;
int *slots[2];
void *worker(void *arg) {
  a = 1;
  b = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  slots[0] = &a;
  pthread_create(&t, 0, worker, 0);
  memset(slots, 0, __VERIFIER_nondet_uint() % 4);
  if (slots[0])
    *slots[0] = 2;
  return 0;
}
