// A compound literal assigns every member: the ones it names and zero
// for the rest. s.b is 5 and s.c 0 after it, so the worker writes g,
// which main reads.
// expect svcomp: g=race s.b=safe
// expect circ: g=race s.b=safe
#include <pthread.h>

struct bits {
  unsigned a : 2;
  unsigned b : 3;
  int c;
};
struct bits s = {1, 1, 7};
int g;

void *worker(void *arg) {
  if (s.a == 0 && s.b == 5 && s.c == 0)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  s = (struct bits){.b = 5};
  pthread_create(&t, 0, worker, 0);
  int seen = g;
  pthread_join(t, 0);
  return seen;
}
