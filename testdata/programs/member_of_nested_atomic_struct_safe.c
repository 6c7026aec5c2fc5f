// A member of an _Atomic struct is accessed atomically (gcc emits a
// locked add), also when the atomic struct is itself a field.
// expect svcomp: g.in.n=safe
// expect circ: g.in.n=safe
#include <pthread.h>

struct counter {
  int n;
};

struct outer {
  _Atomic struct counter in;
  int k;
} g;

void *t(void *arg) {
  g.in.n++;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  g.in.n++;
  return 0;
}
