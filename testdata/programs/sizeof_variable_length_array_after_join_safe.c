// sizeof of variable-length array types computed exactly: with k = 4,
// sizeof(int[k][2]) is 32, so main never writes x while the worker
// does; and main reads n in sizeof(int[n]) only after joining the
// worker that writes it.
// expect svcomp: n=safe x=safe
// expect circ: n=safe x=safe
#include <pthread.h>

int n = 4;
int x;

void *resizer(void *arg) {
  n = 8;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, resizer, 0);
  int k = 4;
  if (sizeof(int[k][2]) != 32)
    x = 2;
  pthread_join(h, 0);
  return sizeof(int[n]) == 32;
}
