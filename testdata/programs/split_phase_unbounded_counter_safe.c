// Split-phase interrupt handling with an unbounded sample counter: the
// handler fires only while its interrupt is enabled, disables it, counts
// the sample in samples and posts the task; the task reads samples and
// re-enables the interrupt. samples is never accessed by both at once;
// enabled and pending are only touched inside atomic sections. samples
// grows without bound, so the explicit engine cannot conclude.
// expect svcomp: samples=safe enabled=safe pending=safe
// expect circ: samples=safe enabled=safe pending=safe
// expect-explicit svcomp: samples=unknown enabled=unknown pending=unknown
// expect-explicit circ: samples=unknown enabled=unknown pending=unknown
// explicit-max-states: 20000
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int enabled = 1;
int pending;
int samples;

void *handler(void *arg) {
  int fire;
  while (1) {
    __VERIFIER_atomic_begin();
    fire = enabled;
    if (fire)
      enabled = 0;
    __VERIFIER_atomic_end();
    if (fire) {
      samples = samples + 1;
      __VERIFIER_atomic_begin();
      pending = 1;
      __VERIFIER_atomic_end();
    }
  }
}

void *task(void *arg) {
  int run, v;
  while (1) {
    __VERIFIER_atomic_begin();
    run = pending;
    pending = 0;
    __VERIFIER_atomic_end();
    if (run) {
      v = samples;
      __VERIFIER_atomic_begin();
      enabled = 1;
      __VERIFIER_atomic_end();
    }
  }
}

int main(void) {
  pthread_t h, t;
  pthread_create(&h, 0, handler, 0);
  pthread_create(&t, 0, task, 0);
  return 0;
}
