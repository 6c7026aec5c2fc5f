// Each iteration creates a worker into the same handle and joins it:
// every join reaps the thread the handle names now, never one joined
// before, so there is no undefined behaviour, and g, written by each
// worker and then by main, is proved safe (exit status 0).
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 3; i++) {
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
  }
  g = 2;
  return 0;
}
