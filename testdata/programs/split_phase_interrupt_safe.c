// Split-phase interrupt handling, modelled with threads: the interrupt
// handler fires only while its enable flag is set, disables it, fills buf
// and posts a task; the task reads buf and re-enables the interrupt. buf is
// never accessed by both at once; enabled and pending are only touched
// inside atomic sections.
// expect svcomp: buf=safe enabled=safe pending=safe
// expect circ: buf=safe enabled=safe pending=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int enabled = 1;
int pending;
int buf;

void *handler(void *arg) {
  int fire;
  while (1) {
    __VERIFIER_atomic_begin();
    fire = enabled;
    if (fire)
      enabled = 0;
    __VERIFIER_atomic_end();
    if (fire) {
      buf = (buf + 1) % 4;
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
      v = buf;
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
