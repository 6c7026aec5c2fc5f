// main initializes config before starting unboundedly many readers, which
// only read it. Safe for any number of readers; the explicit engine can only
// check a bounded number of them.
// expect svcomp: config=safe
// expect circ: config=safe
// expect-explicit svcomp: config=unknown
// expect-explicit circ: config=unknown
#include <pthread.h>

int config;

void *reader(void *arg) {
  int c;
  c = config;
  return 0;
}

int main(void) {
  pthread_t t;
  config = 5;
  while (1) {
    pthread_create(&t, 0, reader, 0);
  }
  return 0;
}
