// A copy to or from an _Atomic struct is one atomic access (gcc does it
// through libatomic): main never sees half of the worker's update, so
// only the worker writes x.
// expect svcomp: x=safe w.a=safe w.b=safe
// expect circ: x=safe w.a=safe w.b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w;
int x;

void *writer(void *arg) {
  struct pair p = {1, 1};
  w = p;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, writer, 0);
  struct pair r = w;
  if (r.a != r.b)
    x = 2;
  return 0;
}
