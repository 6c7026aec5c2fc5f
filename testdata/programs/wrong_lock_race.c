// Two templates protect x with different mutexes: no mutual exclusion.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

void *left(void *arg) {
  pthread_mutex_lock(&m1);
  x = x + 1;
  pthread_mutex_unlock(&m1);
  return 0;
}

void *right(void *arg) {
  pthread_mutex_lock(&m2);
  x = x - 1;
  pthread_mutex_unlock(&m2);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, left, 0);
  pthread_create(&b, 0, right, 0);
  return 0;
}
