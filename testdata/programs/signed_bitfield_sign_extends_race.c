// A signed bit-field keeps its width's bits and their sign: 7 stored
// into a three-bit signed field reads -1, so the worker writes g, which
// main reads.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

struct bits {
  int small : 3;
} s;
int g;

void *worker(void *arg) {
  if (s.small == -1)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t th;
  int seven = 7;
  s.small = seven;
  pthread_create(&th, 0, worker, 0);
  int seen = g;
  pthread_join(th, 0);
  return seen;
}
