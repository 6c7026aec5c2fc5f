// qsort runs its comparison in the calling thread on elements of the
// array, then writes every element. The worker's write of vals[1]
// races with them, and its read of compared with the comparison's
// write, which main runs inside qsort.
// expect svcomp: vals[1]=race compared=race
// expect circ: vals[1]=race compared=race
#include <pthread.h>
#include <stdlib.h>

int vals[3] = {3, 1, 2};
int compared;

static int cmp(const void *a, const void *b) {
  compared = 1;
  return *(const int *)a - *(const int *)b;
}

void *worker(void *arg) {
  vals[1] = 7;
  return (void *)(long)compared;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  qsort(vals, 3, sizeof vals[0], cmp);
  pthread_join(t, 0);
  return 0;
}
