// once_initializer_safe.c, but main reads config without calling
// pthread_once: the worker's initializer may be writing it.
// expect svcomp: config=race
// expect circ: config=race
#include <pthread.h>

int config;
pthread_once_t once = PTHREAD_ONCE_INIT;

void setup(void) { config = 42; }

void *worker(void *arg) {
  pthread_once(&once, setup);
  int v = config;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int v = config;
  return 0;
}
