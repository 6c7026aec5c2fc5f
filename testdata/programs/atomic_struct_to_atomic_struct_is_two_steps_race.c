// w = w2 between two _Atomic structs is an atomic load of w2, then a
// separate atomic store to w: main can store w2 and read the old w in
// between, and then both threads reach their write of x.
// expect svcomp: x=race w.a=safe w.b=safe w2.a=safe w2.b=safe
// expect circ: x=race w.a=safe w.b=safe w2.a=safe w2.b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w = {5, 5}, w2 = {0, 0};
int x;

void *copier(void *arg) {
  w = w2;
  struct pair s = w;
  if (s.a == 0)
    x = 2;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, copier, 0);
  struct pair one = {1, 1};
  w2 = one;
  struct pair r = w;
  if (r.a == 5)
    x = 1;
  return 0;
}
