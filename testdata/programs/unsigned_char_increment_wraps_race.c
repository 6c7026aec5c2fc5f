// k++ on an unsigned char holding 255 gives 0.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

int x;

void *t(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  unsigned char k = 255;
  k++;
  if (k == 0)
    x = 2;
  return 0;
}
