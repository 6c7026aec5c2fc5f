// main reads the limit with scanf before it starts the worker, which
// only reads it.
// expect svcomp: limit=safe
// expect circ: limit=safe
// expect-explicit svcomp: limit=unknown
// expect-explicit circ: limit=unknown
#include <pthread.h>
#include <stdio.h>

int limit;

void *worker(void *arg) {
  int l = limit;
  return 0;
}

int main() {
  pthread_t t;
  scanf("%d", &limit);
  pthread_create(&t, 0, worker, 0);
  return 0;
}
