// An index past a run-time length is undefined behaviour: circ reports
// it as a finding and cuts the run there. The block has two elements,
// both threads write element 2, and neither write happens, so nothing
// races in the runs that do not reach it (safe, assuming no undefined
// behaviour).
// expect svcomp: calloc@heap_array_of_runtime_length_index_past_end_stops_safe.c:25[*]=safe
// expect circ: calloc@heap_array_of_runtime_length_index_past_end_stops_safe.c:25[*]=safe
// expect-explicit svcomp: calloc@heap_array_of_runtime_length_index_past_end_stops_safe.c:25[*]=unknown
// expect-explicit circ: calloc@heap_array_of_runtime_length_index_past_end_stops_safe.c:25[*]=unknown
// expect-undefined: 17 30
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *worker(void *arg) {
  buf[2] = 7;
  return 0;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k != 2)
    return 0;
  buf = calloc(k, sizeof(int));
  if (!buf)
    return 0;
  pthread_t a;
  pthread_create(&a, 0, worker, 0);
  buf[2] = 1;
  return 0;
}
