// Thread creation and join order accesses: main writes x before creating
// the worker and again after joining it; the worker writes x and y, which
// main reads only after the join.
// expect svcomp: x=safe y=safe
// expect circ: x=safe y=safe
#include <pthread.h>

int x, y;

void *worker(void *arg) {
  x = 2;
  y = 5;
  return 0;
}

int main(void) {
  pthread_t t;
  int r;
  x = 1;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  x = 3;
  r = y;
  return r;
}
