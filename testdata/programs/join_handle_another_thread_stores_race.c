// The starter creates the worker into the global handle id while main,
// unsynchronized, reads id to join it: a race on the pthread_t object.
// expect svcomp: id=race
// expect circ: id=race
#include <pthread.h>

pthread_t id;

void *worker(void *arg) { return 0; }

void *starter(void *arg) {
  pthread_create(&id, 0, worker, 0);
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&s, 0, starter, 0);
  pthread_join(id, 0);
  return 0;
}
