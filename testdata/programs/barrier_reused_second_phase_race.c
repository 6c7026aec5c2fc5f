// A barrier used twice: both threads write x in the second phase, after
// the same barrier round, so the writes race; the first-phase writes of y
// are ordered by the first round.
// expect svcomp: x=race y=safe
// expect circ: x=race y=safe
#include <pthread.h>

int x, y;
pthread_barrier_t bar;

void *phase(void *arg) {
  pthread_barrier_wait(&bar);
  y = 1;
  pthread_barrier_wait(&bar);
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&t, 0, phase, 0);
  y = 2;
  pthread_barrier_wait(&bar);
  pthread_barrier_wait(&bar);
  x = 2;
  return 0;
}
