// Two threads each write their own variable before a barrier and read the
// other's after it: the barrier orders every write before every read.
// expect svcomp: a=safe b=safe
// expect circ: a=safe b=safe
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
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&l, 0, left, 0);
  pthread_create(&r, 0, right, 0);
  return 0;
}
