// main reads the limit with scanf after it starts the worker, which
// only reads it.
// expect svcomp: limit=race
// expect circ: limit=race
#include <pthread.h>
#include <stdio.h>

int limit;

void *worker(void *arg) {
  int l = limit;
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  scanf("%d", &limit);
  return 0;
}
