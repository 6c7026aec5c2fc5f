// main starts any number of workers, passing each half its loop index as
// the argument; each writes the element of a heap array it names.
// Workers 0 and 1 both get 0 and write the same element: a race.
// expect svcomp: malloc@per_thread_slot_by_index_argument_any_number_race.c:19[*]=race
// expect circ: malloc@per_thread_slot_by_index_argument_any_number_race.c:19[*]=race
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
    pthread_create(&t, 0, worker, (void *)(long)(i / 2));
  return 0;
}
