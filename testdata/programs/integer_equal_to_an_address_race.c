// An integer compared with a number that would be an object's address
// if circ laid x out at 4096 (it lays memory out past the program's
// constants): the branch is taken for that input, and its write of g
// races with the thread's.
// expect svcomp: g=race
// expect circ: g=race
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
#include <pthread.h>

int x;
int *p = &x;
int g;

void *t(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  int n = __VERIFIER_nondet_int();
  if (n == 4096)
    g = 2;
  return 0;
}
