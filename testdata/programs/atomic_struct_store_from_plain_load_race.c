// Storing a plain struct into an _Atomic one reads the plain struct
// outside the atomic store: the worker's plain read of src races with
// main's plain write of it.
// expect svcomp: src.a=race src.b=race
// expect circ: src.a=race src.b=race
#include <pthread.h>

struct pair {
  int a;
  int b;
};

_Atomic struct pair w;
struct pair src;

void *storer(void *arg) {
  w = src;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, storer, 0);
  src.a = 1;
  src.b = 1;
  return 0;
}
