// The split-phase pattern of split_phase_interrupt_safe.c with the handler
// forgetting to disable its interrupt: it can refill buf while the posted
// task is still reading it.
// expect svcomp: buf=race pending=safe
// expect circ: buf=race pending=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int pending;
int buf;

void *handler(void *arg) {
  while (1) {
    buf = (buf + 1) % 4;
    __VERIFIER_atomic_begin();
    pending = 1;
    __VERIFIER_atomic_end();
  }
}

void *task(void *arg) {
  int run, v;
  while (1) {
    __VERIFIER_atomic_begin();
    run = pending;
    pending = 0;
    __VERIFIER_atomic_end();
    if (run)
      v = buf;
  }
}

int main(void) {
  pthread_t h, t;
  pthread_create(&h, 0, handler, 0);
  pthread_create(&t, 0, task, 0);
  return 0;
}
