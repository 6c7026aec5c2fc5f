// The CIRC paper's Figure 1: unboundedly many threads run a test-and-set
// loop forever; x is only written inside the critical section. x is safe
// for any number of threads. The lock word state races under svcomp (atomic
// read vs plain release) but not under circ. The explicit engine can only
// bound threads and x grows without bound, so it cannot conclude on x.
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, state;

void *thr(void *a) {
  int old;
  while (1) {
    __VERIFIER_atomic_begin();
    old = state;
    if (state == 0)
      state = 1;
    __VERIFIER_atomic_end();
    if (old == 0) {
      x = x + 1;
      state = 0;
    }
  }
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, thr, 0);
  }
  return 0;
}
