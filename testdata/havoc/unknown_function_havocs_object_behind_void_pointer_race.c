// Under --unknown-functions havoc, an undefined function given a void
// pointer may read and overwrite the object it points into: fill(p)
// writes s.count while the worker reads it.
// expect svcomp: s.count=race
// expect circ: s.count=race
#include <pthread.h>

struct stats {
  int count;
  int max;
};

extern void fill(void *p);

struct stats s;

void *worker(void *arg) {
  return (void *)(long)s.count;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  void *p = &s; // the library gets an untyped pointer
  fill(p);
  return 0;
}
