// main starts any number of workers, passing each the address of its own
// element of a heap array; each writes through the pointer it got. No
// two workers get the same address: safe for any number of workers.
// circ tells the worker that got a pointer into the tracked element from
// the others (cfa.SplitByOwnership).
// expect svcomp: malloc@per_thread_slot_by_pointer_argument_any_number_safe.c:22[*]=safe
// expect circ: malloc@per_thread_slot_by_pointer_argument_any_number_safe.c:22[*]=safe
// expect-explicit svcomp: malloc@per_thread_slot_by_pointer_argument_any_number_safe.c:22[*]=unknown
// expect-explicit circ: malloc@per_thread_slot_by_pointer_argument_any_number_safe.c:22[*]=unknown
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void *worker(void *arg) {
  int *slot = arg;
  *slot = 1;
  return 0;
}
int main() {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  int *slots = malloc(n * sizeof(int));
  if (!slots) return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&t, 0, worker, &slots[i]);
  return 0;
}
