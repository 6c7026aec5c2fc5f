// gcc gives an enumeration without negative constants the type unsigned
// int: e-- on A wraps to UINT_MAX.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
enum E { A, B } e = A;

int x;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  e--;
  if (e > 5)
    x = 2;
  return 0;
}
