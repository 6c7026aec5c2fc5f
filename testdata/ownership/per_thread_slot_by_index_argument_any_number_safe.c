// main starts any number of workers, passing each its loop index as the
// argument; each writes the element of a heap array its index names.
// No two workers get the same index, so no element is written twice:
// safe for any number of workers. circ proves it by telling the worker
// that got the tracked element's index from the others
// (cfa.SplitByOwnership): main's loop passes that index once.
// expect svcomp: malloc@per_thread_slot_by_index_argument_any_number_safe.c:24[*]=safe
// expect circ: malloc@per_thread_slot_by_index_argument_any_number_safe.c:24[*]=safe
// expect-explicit svcomp: malloc@per_thread_slot_by_index_argument_any_number_safe.c:24[*]=unknown
// expect-explicit circ: malloc@per_thread_slot_by_index_argument_any_number_safe.c:24[*]=unknown
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *datas;
void *worker(void *arg) {
  int i = (int)(long)arg;
  datas[i] = 1;
  return 0;
}
int main() {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  datas = malloc(n * sizeof(int));
  if (!datas) return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&t, 0, worker, (void *)(long)i);
  return 0;
}
