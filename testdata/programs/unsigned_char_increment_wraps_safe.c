// k++ on an unsigned char holding 255 gives 0, never 256.
// expect svcomp: x=safe
// expect circ: x=safe
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
  if (k > 255)
    x = 2;
  return 0;
}
