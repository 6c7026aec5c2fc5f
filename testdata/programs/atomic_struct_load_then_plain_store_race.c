// Copying an _Atomic struct into a plain one is an atomic load followed
// by plain stores: both threads store into g outside any atomic
// section, so they race on g (w itself is only read, atomically).
// expect svcomp: g.a=race g.b=race w.a=safe w.b=safe
// expect circ: g.a=race g.b=race w.a=safe w.b=safe
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w;
struct pair g;

void *copier(void *arg) {
  g = w;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, copier, 0);
  g = w;
  return 0;
}
