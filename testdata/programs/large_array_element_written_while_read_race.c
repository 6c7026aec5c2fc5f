// An array too large for a cell per element (10000 chars) is a summary
// that tracks any one element: the worker's read of buf[1] races with
// main's concurrent write of the same element; the trace names the
// index circ tracked.
// expect svcomp: buf[*]=race
// expect circ: buf[*]=race
#include <pthread.h>
char buf[10000];
int seen;
void *worker(void *arg) {
  buf[2] = 1;
  seen = buf[1];
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  buf[1] = 2;
  pthread_join(t, 0);
  return buf[2];
}
