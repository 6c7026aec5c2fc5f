// A global unsigned char initialized with 511 holds 255.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;
unsigned char g = 511;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  if (g == 255)
    x = 2;
  return 0;
}
