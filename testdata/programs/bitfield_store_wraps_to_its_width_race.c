// A store into a bit-field keeps its width's bits: 3 wraps to 1 in a one-bit field: the worker writes g,
// which main reads.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

struct flags {
  unsigned on : 1;
  unsigned level : 4;
} f;
int g;

void *worker(void *arg) {
  if (f.on)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  f.on = 3;
  pthread_create(&t, 0, worker, 0);
  int seen = g;
  pthread_join(t, 0);
  return seen;
}
