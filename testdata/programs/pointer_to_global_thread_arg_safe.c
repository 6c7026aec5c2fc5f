// Each thread receives the address of its own global counter and
// increments it through the pointer: the counters are distinct objects,
// so neither races.
// expect svcomp: c1=safe c2=safe
// expect circ: c1=safe c2=safe
#include <pthread.h>

int c1, c2;

void *inc(void *arg) {
  int *p = arg;
  (*p)++;
  return 0;
}

int main() {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, &c1);
  pthread_create(&t2, 0, inc, &c2);
  return 0;
}
