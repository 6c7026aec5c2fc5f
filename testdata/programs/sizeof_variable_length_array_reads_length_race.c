// sizeof of a variable-length array type evaluates its length: main
// reads n there, while the worker writes it unprotected.
// expect svcomp: n=race
// expect circ: n=race
#include <pthread.h>

int n = 4;

void *resizer(void *arg) {
  n = 8;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, resizer, 0);
  unsigned long bytes = sizeof(int[n]);
  return bytes == 0;
}
