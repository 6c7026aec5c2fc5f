// Reads of two members of one union never race: main writes u.l before
// it creates the worker, and afterwards both threads only read, one
// through u.l and one through u.i.
// expect svcomp: u.i=safe
// expect circ: u.i=safe
#include <pthread.h>

union word {
  long l;
  int i;
};

union word u;

void *worker(void *arg) {
  return (void *)(long)u.i;
}

int main(void) {
  pthread_t t;
  u.l = 3;
  pthread_create(&t, 0, worker, 0);
  long x = u.l;
  pthread_join(t, 0);
  return (int)x;
}
