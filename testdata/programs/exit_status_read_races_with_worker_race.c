// exit(g) reads g to pass it, while the worker writes g: the read of an
// argument is done before the call stops the program.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <stdlib.h>

int g;

void *w(void *a) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  exit(g);
}
