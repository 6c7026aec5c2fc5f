// A char cannot hold an address (every address is far above 255), so
// comparing two chars of values an undefined function returned compares
// numbers, even in a program with string literals, whose addresses
// circ would otherwise not compare. The comparison decides main's
// write of g, which races with the worker's.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

extern int mystery(int);
const char *msg = "hi";
unsigned char a, b;
int g;

void *worker(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  a = (unsigned char)mystery(1);
  b = (unsigned char)mystery(2);
  pthread_create(&t, 0, worker, 0);
  if (a == b)
    g = 2;
  pthread_join(t, 0);
  return msg[0];
}
