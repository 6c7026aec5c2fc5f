// gcc's __typeof__ of an _Atomic variable is _Atomic too: both
// instances of the worker store into b atomically, so they never race.
// expect svcomp: b=safe
// expect circ: b=safe
#include <pthread.h>

_Atomic int a;
__typeof__(a) b;

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
