// main starts any number of workers, passing each the address of the
// element of a heap array that half its loop index names; each writes
// through the pointer it got. Workers 0 and 1 both write element 0.
// expect svcomp: malloc@per_thread_slot_by_pointer_argument_any_number_race.c:18[*]=race
// expect circ: malloc@per_thread_slot_by_pointer_argument_any_number_race.c:18[*]=race
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
    pthread_create(&t, 0, worker, &slots[i / 2]);
  return 0;
}
