// Each bit-field takes its own initializer, positional or designated,
// though adjacent ones share a byte: s.a is 1 and t.b is 3, so the
// worker writes g, which main reads.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

struct bits {
  unsigned a : 2;
  unsigned b : 6;
};
struct bits s = {1, 2};
struct bits t = {.b = 3, .a = 0};
int g;

void *worker(void *arg) {
  if (s.a == 1 && s.b == 2 && t.a == 0 && t.b == 3)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t th;
  pthread_create(&th, 0, worker, 0);
  int seen = g;
  pthread_join(th, 0);
  return seen;
}
