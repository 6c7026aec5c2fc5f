// s -= 1 on an unsigned short holding 0 gives 65535; u *= 65536 on an
// unsigned holding 65536 gives 0.
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
  unsigned short s = 0;
  unsigned u = 65536;
  s -= 1;
  u *= 65536;
  if (s == 65535 && u == 0)
    x = 2;
  return 0;
}
