// An array too large for a cell per element (10000 chars) is a summary
// that tracks any one element: the worker's accesses to buf[5] and
// buf[7] and main's concurrent write of buf[9999] touch different
// elements, and main's read of buf[5] waits for the join. (The
// explicit engine tries only a few tracked indices: it cannot conclude.)
// expect svcomp: buf[*]=safe
// expect circ: buf[*]=safe
// expect-explicit svcomp: buf[*]=unknown
// expect-explicit circ: buf[*]=unknown
#include <pthread.h>
char buf[10000];
int seen;
void *worker(void *arg) {
  buf[5] = 1;
  seen = buf[7];
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  buf[9999] = 2;
  pthread_join(t, 0);
  return buf[5];
}
