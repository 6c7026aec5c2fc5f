// The __typeof__ of an expression on an _Atomic variable (a + 0) is a
// plain int: both instances of the worker store into b plainly and race.
// expect svcomp: b=race
// expect circ: b=race
#include <pthread.h>

_Atomic int a;
__typeof__(a + 0) b;

void *worker(void *arg) {
  b = 1;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, 0);
  pthread_create(&h2, 0, worker, 0);
  return 0;
}
