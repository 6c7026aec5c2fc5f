// One thread writes x inside an atomic section, another writes it plainly.
// Under svcomp this is a race (an atomic access races with a conflicting
// plain one); under circ it is not (the atomic writer is at an atomic
// location whenever its access is enabled).
// expect svcomp: x=race
// expect circ: x=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x;

void *atomic_writer(void *arg) {
  __VERIFIER_atomic_begin();
  x = 1;
  __VERIFIER_atomic_end();
  return 0;
}

void *plain_writer(void *arg) {
  x = 2;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, atomic_writer, 0);
  pthread_create(&t2, 0, plain_writer, 0);
  return 0;
}
