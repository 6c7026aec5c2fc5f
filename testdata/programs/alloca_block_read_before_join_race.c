// main reads the alloca block it handed to the worker before joining it:
// the worker may be writing it then.
// expect svcomp: alloca@alloca_block_read_before_join_race.c:18=race
// expect circ: alloca@alloca_block_read_before_join_race.c:18=race
#include <alloca.h>
#include <pthread.h>

int out;

void *worker(void *arg) {
  int *slot = arg;
  *slot = *slot + 1;
  return 0;
}

int main(void) {
  pthread_t h;
  int *slot = alloca(sizeof(int));
  *slot = 1;
  pthread_create(&h, 0, worker, slot);
  out = *slot;
  pthread_join(h, 0);
  return 0;
}
