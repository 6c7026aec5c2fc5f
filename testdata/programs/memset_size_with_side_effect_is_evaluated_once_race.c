// The size argument of memset is evaluated once: k goes from 1 to 2,
// so main writes g beside the worker.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <string.h>

int g;
int a[8];
int k;

void *worker(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  k = 1;
  memset(a, 0, (k++) * sizeof(int));
  if (k == 2)
    g = 2;
  return 0;
}
