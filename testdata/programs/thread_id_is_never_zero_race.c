// pthread_self() is never 0, so main's test always holds and its write
// races with the worker's. A thread's id is set as it starts, by no
// statement: the points-to analysis, which prunes tests of pointers
// that are only ever null, must know it is a number.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

int g;
int *p = &g;

void *worker(void *arg) {
  *p = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  if (pthread_self())
    g = 2;
  pthread_join(t, 0);
  return 0;
}
