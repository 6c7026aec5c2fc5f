// barrier_phases_safe.c with a barrier for one thread: it never waits, so
// a read can meet the other thread's write.
// expect svcomp: a=race b=race
// expect circ: a=race b=race
#include <pthread.h>

int a, b;
pthread_barrier_t bar;

void *left(void *arg) {
  a = 1;
  pthread_barrier_wait(&bar);
  int v = b;
  return 0;
}

void *right(void *arg) {
  b = 1;
  pthread_barrier_wait(&bar);
  int v = a;
  return 0;
}

int main(void) {
  pthread_t l, r;
  pthread_barrier_init(&bar, 0, 1);
  pthread_create(&l, 0, left, 0);
  pthread_create(&r, 0, right, 0);
  return 0;
}
