// memcpy_of_n_structs_reads_the_worker_element_race.c with the worker
// writing slot 3 and n at most 3: the copy of n slots stops before it.
// expect svcomp: slots[3].count=safe
// expect circ: slots[3].count=safe
// expect-explicit svcomp: slots[3].count=unknown
// expect-explicit circ: slots[3].count=unknown
#include <pthread.h>
#include <string.h>

struct slot {
  int count;
  char tag;
};
struct slot slots[4], copy[4];

void *worker(void *arg) {
  slots[3].count = 7;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3)
    return 0;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  memcpy(copy, slots, n * sizeof(struct slot));
  return 0;
}
