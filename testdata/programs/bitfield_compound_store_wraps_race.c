// A compound assignment into a bit-field wraps to its width: 8 wraps to 0 in the three-bit field, so the worker writes g,
// which main reads.
// expect svcomp: g=race s.level=safe
// expect circ: g=race s.level=safe
#include <pthread.h>

struct state {
  unsigned level : 3;
  unsigned mode : 5;
} s;
int g;

void *worker(void *arg) {
  if (s.level == 0)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  s.level = 4;
  s.level += 4; /* 8 wraps to 0 in three bits */
  pthread_create(&t, 0, worker, 0);
  int seen = g;
  pthread_join(t, 0);
  return seen;
}
