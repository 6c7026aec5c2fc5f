// An atomic builtin's value on a long reached through a pointer, into
// a long, keeps every bit past int's range (cc types the call int):
// main's tests hold and its writes race with the worker's.
// expect svcomp: x=race y=race
// expect circ: x=race y=race
#include <pthread.h>
#include <stdatomic.h>
int x, y;
struct counter {
  long f;
} s = {1L << 40}, *sp = &s;
atomic_long l = 1L << 41;
void *worker(void *arg) {
  x = 1;
  y = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  atomic_long *q = &l;
  pthread_create(&t, 0, worker, 0);
  long v = __sync_fetch_and_add(&sp->f, 1);
  long w = atomic_fetch_add(q, 1);
  if (v == (1L << 40))
    x = 2;
  if (w == (1L << 41))
    y = 2;
  pthread_join(t, 0);
  return 0;
}
