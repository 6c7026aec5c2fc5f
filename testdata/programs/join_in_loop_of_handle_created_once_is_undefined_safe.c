// main joins its one worker in a loop: the second iteration joins a
// thread already joined, undefined in POSIX (glibc returns at once).
// circ reports it, reached, instead of waiting forever there.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 14
#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  for (int k = 0; k < 2; k++)
    pthread_join(t, 0);
  g = 2;
  return 0;
}
