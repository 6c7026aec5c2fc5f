// An _Atomic struct whose address is taken lives in memory; copies of
// it, by name or through a pointer to the _Atomic struct type, are
// still one atomic access each: main never sees half of the update and
// only the worker writes x.
// expect svcomp: x=safe w.a=safe w.b=safe
// expect circ: x=safe w.a=safe w.b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w;
_Atomic struct pair *pw = &w;
int x;

void *writer(void *arg) {
  struct pair p = {1, 1};
  *pw = p;
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
