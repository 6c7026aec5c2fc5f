// Accesses through pointers declared to point to _Atomic types are
// atomic: a parameter, a pointer to a typedef of an atomic type,
// arithmetic on a pointer to atomic_int, and a struct member that
// points to an _Atomic int. Two workers update the counters this way,
// so none of them races.
// expect svcomp: a=safe b[1]=safe c=safe
// expect circ: a=safe b[1]=safe c=safe
#include <pthread.h>
#include <stdatomic.h>

typedef _Atomic int counter;
_Atomic int a;
atomic_int b[2];
counter c;
struct refs {
  _Atomic int *to_a;
} g = {&a};
atomic_int *r = b;

void bump(_Atomic int *p) { *p += 1; }

void *worker(void *arg) {
  counter *q = arg;
  *q = *q + 1;
  bump(&a);
  *(r + 1) = 3;
  *g.to_a = 5;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, &c);
  pthread_create(&h2, 0, worker, &c);
  return 0;
}
