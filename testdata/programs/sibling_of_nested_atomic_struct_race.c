// The other fields of a struct that holds an _Atomic struct are plain:
// both threads increment g.k unsynchronized.
// expect svcomp: g.in.n=safe g.k=race
// expect circ: g.in.n=safe g.k=race
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
  g.k++;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  g.in.n++;
  g.k++;
  return 0;
}
