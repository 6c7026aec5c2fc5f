// main detaches its worker twice: the second detach is undefined in
// POSIX (glibc returns EINVAL), a finding reached with a trace. g races
// between the worker and main, before the second detach.
// expect svcomp: g=race
// expect circ: g=race
// expect-undefined: 16
#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  g = 2;
  pthread_detach(t);
  int x = g;
  pthread_detach(t);
  return x;
}
