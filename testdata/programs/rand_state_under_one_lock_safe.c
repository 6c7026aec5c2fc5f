// rand() keeps hidden state that is not thread-safe; every caller holds
// the same lock.
// expect svcomp: rand::state=safe
// expect circ: rand::state=safe
// expect-explicit svcomp: rand::state=unknown
// expect-explicit circ: rand::state=unknown
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int seed;

void *roll(void *arg) {
  pthread_mutex_lock(&m);
  int r = rand() % 6;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, roll, 0);
  pthread_mutex_lock(&m);
  srand(1);
  pthread_mutex_unlock(&m);
  return 0;
}
