// main joins t1 a second time where it meant t2. POSIX makes the second
// join undefined; glibc returns EINVAL at once, and main's write of g
// then races with w2's. circ reports the join as undefined behaviour,
// reached with a trace, and proves g only for the runs that stop there:
// the verdict says so, and the exit status is 20, never a plain safe.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 18
#include <pthread.h>
int g;
void *w1(void *a) { return 0; }
void *w2(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w1, 0);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, w2, 0);
  pthread_join(t1, 0);
  g = 2;
  return 0;
}
