// pthread_detach of a handle that names no thread returns ESRCH (3) on
// glibc; main takes that branch and writes g while the worker does.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

pthread_t never;
int g;

void *w(void *a) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (pthread_detach(never) == 3)
    g = 2;
  pthread_join(t, 0);
  return 0;
}
