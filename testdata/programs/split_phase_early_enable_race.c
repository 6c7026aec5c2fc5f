// The split-phase pattern of split_phase_unbounded_counter_safe.c where the
// task re-enables the interrupt before it reads the unbounded sample
// counter: the handler can fire again and update samples during the read.
// expect svcomp: samples=race enabled=safe pending=safe
// expect circ: samples=race enabled=safe pending=safe
// expect-explicit svcomp: samples=race enabled=unknown pending=unknown
// expect-explicit circ: samples=race enabled=unknown pending=unknown
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
      __VERIFIER_atomic_begin();
      enabled = 1;
      __VERIFIER_atomic_end();
      v = samples;
    }
  }
}

int main(void) {
  pthread_t h, t;
  pthread_create(&h, 0, handler, 0);
  pthread_create(&t, 0, task, 0);
  return 0;
}
