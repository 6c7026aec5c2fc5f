// main joins only the first of two writers before reading x.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *writer(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  int r;
  pthread_create(&t1, 0, writer, 0);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, writer, 0);
  r = x;
  pthread_join(t2, 0);
  return r;
}
