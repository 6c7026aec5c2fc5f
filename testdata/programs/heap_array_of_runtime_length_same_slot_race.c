// The array of heap_array_of_runtime_length_slots_safe.c, with main
// writing element 1 too while the worker does: they race on it.
// expect svcomp: calloc@heap_array_of_runtime_length_same_slot_race.c:19[*]=race
// expect circ: calloc@heap_array_of_runtime_length_same_slot_race.c:19[*]=race
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *worker(void *arg) {
  buf[1] = 7;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2)
    return 0;
  buf = calloc(n, sizeof(int));
  if (!buf)
    return 0;
  pthread_t a;
  pthread_create(&a, 0, worker, 0);
  buf[1] = 1;
  pthread_join(a, 0);
  return buf[1];
}
