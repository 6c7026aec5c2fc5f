// A heap array whose length is known only at run time: circ tracks one
// element, any of them (calloc@...[*]). The worker writes element 1 and
// main element 0, and main reads element 1 only after joining the
// worker: no two accesses to one element overlap.
// expect svcomp: calloc@heap_array_of_runtime_length_slots_safe.c:23[*]=safe
// expect circ: calloc@heap_array_of_runtime_length_slots_safe.c:23[*]=safe
// expect-explicit svcomp: calloc@heap_array_of_runtime_length_slots_safe.c:23[*]=unknown
// expect-explicit circ: calloc@heap_array_of_runtime_length_slots_safe.c:23[*]=unknown
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
  buf[0] = 1;
  pthread_join(a, 0);
  return buf[1];
}
