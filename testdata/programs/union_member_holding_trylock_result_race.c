// The result of a trylock stored into a union member writes the
// member's twin too: the worker's store into g.r races with main's
// read of g.u.
// expect svcomp: g.u=race
// expect circ: g.u=race
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

union result {
  int r;
  unsigned u;
};

union result g;

void *worker(void *arg) {
  g.r = pthread_mutex_trylock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  unsigned v = g.u;
  pthread_join(t, 0);
  return (int)v;
}
