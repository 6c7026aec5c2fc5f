// Copying a struct whose fields are _Atomic is no atomic operation (gcc
// copies it with plain moves): the worker's copy into w and main's copy
// out of it race on both fields.
// expect svcomp: w.a=race w.b=race
// expect circ: w.a=race w.b=race
#include <pthread.h>

struct pair {
  _Atomic int a;
  _Atomic int b;
};

struct pair w;

void *writer(void *arg) {
  struct pair p = {1, 1};
  w = p;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, writer, 0);
  struct pair r = w;
  return r.a;
}
