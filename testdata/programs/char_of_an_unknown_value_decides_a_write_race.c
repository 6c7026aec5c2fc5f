// A char holds no address, but the char of a value an undefined
// function returned is still any number, not only 0: main's write of
// x, which it decides, races with the worker's.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x, z;
int *zp = &z;
int ext(void);

void *worker(void *arg) {
  x = 5;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = ext();
  if (c)
    x = 1;
  pthread_join(t, 0);
  return *zp;
}
