// main joins the starter before it reads id to join the worker: the
// starter's store into id (its pthread_create) comes before its exit.
// expect svcomp: id=safe
// expect circ: id=safe
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
  pthread_join(s, 0);
  pthread_join(id, 0);
  return 0;
}
