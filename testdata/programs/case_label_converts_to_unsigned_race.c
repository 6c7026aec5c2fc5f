// case -1 in a switch on an unsigned value matches UINT_MAX.
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
  unsigned u = 0;
  u--;
  switch (u) {
  case -1:
    x = 2;
  }
  return 0;
}
