// The worker detaches itself, and main joins it before writing g. POSIX
// makes a join of a detached thread undefined; glibc returns EINVAL at
// once, and main's write races with the worker's. circ reports the
// join as undefined behaviour, reached, and proves g only for the runs
// that stop there (exit status 20).
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 19
#include <pthread.h>
int g;
void *w(void *a) {
  pthread_detach(pthread_self());
  g = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 2;
  return 0;
}
