// gcc gives an enum of non-negative values the type unsigned int, so
// e + INT_MAX is 2147483648u, which converts to INT_MIN in x: the worker
// writes g, which main reads.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

enum level { LOW, HIGH } e = HIGH;
int g;

void *worker(void *arg) {
  int x = e + 2147483647;
  if (x < 0)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int r = g;
  pthread_join(t, 0);
  return r;
}
