// A global pointer initialized to the last of six handles, an element
// of an array circ summarizes; the worker started through it writes x
// while main does. The pointer's initial value is the element's cell,
// tracked in the run that tracks element 5.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
pthread_t t[6];
pthread_t *last = &t[5];

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_create(last, 0, worker, 0);
  x = 2;
  pthread_join(*last, 0);
  return 0;
}
