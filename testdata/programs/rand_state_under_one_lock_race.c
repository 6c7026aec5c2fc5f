// rand() keeps hidden state that is not thread-safe; main reseeds it
// under the lock, the workers roll without it.
// expect svcomp: rand::state=race
// expect circ: rand::state=race
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int seed;

void *roll(void *arg) {
  int r = rand() % 6;
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
