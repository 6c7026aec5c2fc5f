// main starts four workers in a loop, keeping their handles in an
// array, joins all but the last, and then reads the
// results they wrote without a lock.
// expect svcomp: result[0]=safe result[3]=race
// expect circ: result[0]=safe result[3]=race
#include <pthread.h>

#define N 4
int result[N];

void *worker(void *arg) {
  int *slot = arg;
  *slot = 1;
  return 0;
}

int main(void) {
  pthread_t t[N];
  int i, sum = 0;
  for (i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, &result[i]);
  for (i = 0; i < N - 1; i++)
    pthread_join(t[i], 0);
  for (i = 0; i < N; i++)
    sum += result[i];
  return sum;
}
