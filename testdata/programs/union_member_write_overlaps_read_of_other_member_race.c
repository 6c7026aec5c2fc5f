// A union's members share their bytes: the worker writes u.l while main
// reads u.i, another member at the same bytes, without a lock. C11
// counts both as accesses of one memory location, so they race; circ
// finds it on u.i, which the write of u.l also writes.
// expect svcomp: u.i=race
// expect circ: u.i=race
#include <pthread.h>

union word {
  long l;
  int i;
};

union word u;

void *worker(void *arg) {
  u.l = 7;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int x = u.i;
  pthread_join(t, 0);
  return x;
}
