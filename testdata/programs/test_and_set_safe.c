// A test-and-set lock built from an atomic section protects x. The lock word
// state is read atomically but released with a plain write, so it races
// under the svcomp definition (an atomic access still races with a
// conflicting plain one) but not under the circ definition (no race is
// counted while some thread is inside an atomic section).
// expect svcomp: x=safe state=race
// expect circ: x=safe state=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, state;

void *thr(void *arg) {
  int old;
  __VERIFIER_atomic_begin();
  old = state;
  if (state == 0)
    state = 1;
  __VERIFIER_atomic_end();
  if (old == 0) {
    x = x + 1;
    state = 0;
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr, 0);
  pthread_create(&t2, 0, thr, 0);
  return 0;
}
