// alloca's block lives in main's frame: main fills it, hands it to the
// worker, and reads it again only after joining the worker. The block's
// first contents are any int, which the explicit engine enumerates only
// in -2..2, so it cannot conclude.
// expect svcomp: alloca@alloca_block_handed_to_worker_safe.c:22=safe
// expect circ: alloca@alloca_block_handed_to_worker_safe.c:22=safe
// expect-explicit svcomp: alloca@alloca_block_handed_to_worker_safe.c:22=unknown
// expect-explicit circ: alloca@alloca_block_handed_to_worker_safe.c:22=unknown
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
  pthread_join(h, 0);
  out = *slot;
  return 0;
}
