// The race variant of union_twin_member_reads_converted_value_safe.c:
// the worker writes g when u.u holds the bytes of -1, which it does.
// expect svcomp: g=race w.u=safe
// expect circ: g=race w.u=safe
#include <pthread.h>

union word {
  int i;
  unsigned u;
};

union word w;
int g;

void *worker(void *arg) {
  if (w.u == 4294967295u)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  w.i = -1;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
