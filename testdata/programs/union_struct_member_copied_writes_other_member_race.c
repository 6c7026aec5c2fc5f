// Copying a struct into one member of a union writes the bytes of the
// other member too: the worker's u.s = g races with main's read of
// u.l. The copy writes every cell of u.s, but not u.l's, so it adds
// the write of u.l its bytes make.
// expect svcomp: u.l=race
// expect circ: u.l=race
#include <pthread.h>

struct pair {
  int a;
  int b;
};

union word {
  struct pair s;
  long l;
};

union word u;
struct pair g = {1, 2};

void *worker(void *arg) {
  u.s = g;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  long v = u.l;
  pthread_join(t, 0);
  return (int)v;
}
