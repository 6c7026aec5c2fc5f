// pthread_join(t, &res[k]) evaluates &res[k], reading k, before it
// waits: the read races with the worker's write of k, which the join
// has not yet ordered.
// expect svcomp: k=race
// expect circ: k=race
#include <pthread.h>

int k;
void *res[2];

void *worker(void *arg) {
  k = 1;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, &res[k]);
  return 0;
}
