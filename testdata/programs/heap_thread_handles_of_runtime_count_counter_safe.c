// heap_thread_handles_of_runtime_count_counter_race.c where main takes
// the mutex too: safe for any number of workers, without relying on the
// joins (circ tracks one handle of the heap array; a join of another
// waits for no thread it knows).
// expect svcomp: counter=safe
// expect circ: counter=safe
// expect-explicit svcomp: counter=unknown
// expect-explicit circ: counter=unknown
#include <pthread.h>
#include <stdlib.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8)
    return 0;
  pthread_t *tids = malloc(n * sizeof(pthread_t));
  if (!tids)
    return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&tids[i], 0, worker, 0);
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], 0);
  free(tids);
  return 0;
}
