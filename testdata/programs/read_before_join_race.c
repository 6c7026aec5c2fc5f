// main reads the worker's result before joining it.
// expect svcomp: result=race
// expect circ: result=race
#include <pthread.h>

int result;

void *worker(void *arg) {
  result = 7;
  return 0;
}

int main(void) {
  pthread_t t;
  int r;
  pthread_create(&t, 0, worker, 0);
  r = result;
  pthread_join(t, 0);
  return r;
}
