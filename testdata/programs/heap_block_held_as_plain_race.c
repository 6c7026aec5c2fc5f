// The block of heap_block_held_as_atomic_safe.c held through a plain int *
// pointer: the stores of main and the worker into it are plain, and
// they race.
// expect svcomp: calloc@heap_block_held_as_plain_race.c:17=race
// expect circ: calloc@heap_block_held_as_plain_race.c:17=race
#include <pthread.h>
#include <stdlib.h>

int *p;

void *worker(void *arg) {
  *p = 1;
  return 0;
}

int main(void) {
  p = calloc(1, sizeof(int));
  if (!p)
    return 0;
  pthread_t h;
  pthread_create(&h, 0, worker, 0);
  *p = 2;
  return 0;
}
