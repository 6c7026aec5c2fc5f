// Two members of one offset and size hold the same bytes: after
// u.i = -1, u.u is 4294967295. So the worker's write of g happens only
// if the bytes said otherwise, and g never races. circ gives the twin
// the written value converted to its type.
// expect svcomp: g=safe w.u=safe
// expect circ: g=safe w.u=safe
#include <pthread.h>

union word {
  int i;
  unsigned u;
};

union word w;
int g;

void *worker(void *arg) {
  if (w.u != 4294967295u)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  w.i = -1;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
