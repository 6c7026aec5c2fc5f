// Accesses through pointers whose type points to an _Atomic type are
// atomic: a parameter, a pointer to a typedef of an atomic type,
// arithmetic on a pointer to atomic_int, a struct member that points to
// an _Atomic int, a cast thread argument, an array parameter, a pointer
// to such a pointer, and a pointer the source gives no declared type to
// (a function's result). Two workers update the counters this way, so
// none of them races.
// expect svcomp: a=safe b[0]=safe b[1]=safe c=safe
// expect circ: a=safe b[0]=safe b[1]=safe c=safe
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
atomic_int **rr = &r;

void bump(_Atomic int *p) { *p += 1; }
void bump_second(atomic_int v[]) { v[1] += 1; }
atomic_int *first(void) { return &b[0]; }

void *worker(void *arg) {
  counter *q = arg;
  *q = *q + 1;
  *(atomic_int *)arg += 2;
  bump(&a);
  bump_second(b);
  *(r + 1) = 3;
  (*rr)[1] = 4;
  *g.to_a = 5;
  *first() = 6;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, &c);
  pthread_create(&h2, 0, worker, &c);
  return 0;
}
