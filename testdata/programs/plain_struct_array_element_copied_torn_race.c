// The array of atomic_struct_array_element_copied_whole_safe.c without
// _Atomic: the copies are field by field, main may read a = 1 and b = 0
// between the worker's two stores, and then both threads write x.
// expect svcomp: x=race w[1].a=race w[1].b=race
// expect circ: x=race w[1].a=race w[1].b=race
#include <pthread.h>

struct pair {
  int a;
  int b;
};

struct pair w[2];
int x;

void *writer(void *arg) {
  struct pair p = {1, 1};
  w[1] = p;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, writer, 0);
  struct pair r = w[1];
  if (r.a != r.b)
    x = 2;
  return 0;
}
