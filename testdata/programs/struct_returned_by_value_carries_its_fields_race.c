// A struct returned by value carries its fields to the caller:
// mk(1) returns on = 1: the worker writes g while main reads it.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

struct config {
  int on;
  int level;
};
int g;

struct config mk(int on) {
  struct config c = {on, 7};
  return c;
}

void *worker(void *arg) {
  struct config c = mk(1);
  if (c.on && mk(1).level == 7)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int seen = g;
  pthread_join(t, 0);
  return seen;
}
