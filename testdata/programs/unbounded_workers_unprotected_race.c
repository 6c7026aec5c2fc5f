// Unboundedly many workers toggle x without synchronization: two suffice
// for a race.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = 1 - x;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
