// A heap block held through a pointer to an _Atomic type holds _Atomic
// objects: the stores of main and the worker into it are atomic and
// never race.
// expect svcomp: calloc@heap_block_held_as_atomic_safe.c:17=safe
// expect circ: calloc@heap_block_held_as_atomic_safe.c:17=safe
#include <pthread.h>
#include <stdlib.h>

_Atomic int *p;

void *worker(void *arg) {
  *p = 1;
  return 0;
}

int main(void) {
  p = calloc(1, sizeof(_Atomic int));
  if (!p)
    return 0;
  pthread_t h;
  pthread_create(&h, 0, worker, 0);
  *p = 2;
  return 0;
}
