// Both threads call pthread_once before reading config: the initializer
// runs once, and every caller waits until it has returned.
// expect svcomp: config=safe
// expect circ: config=safe
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
  pthread_once(&once, setup);
  int v = config;
  return 0;
}
