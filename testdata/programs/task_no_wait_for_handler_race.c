// task_waits_for_handler_safe.c with a task that re-enables the interrupt
// without waiting for the handler in progress: the interrupt fires again
// and two runs of the handler flip count at the same time.
// expect svcomp: count=race irq_enabled=safe
// expect circ: count=race irq_enabled=safe
// expect-explicit svcomp: count=race irq_enabled=unknown
// expect-explicit circ: count=race irq_enabled=unknown
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __CIRC_handler_enter(void);
extern void __CIRC_handler_exit(void);

int irq_enabled = 1;
int count;

void *cpu(void *arg) {
  while (1) {
    __VERIFIER_atomic_begin();
    if (irq_enabled) {
      irq_enabled = 0;
      __CIRC_handler_enter();
      __VERIFIER_atomic_end();
      count = 1 - count;
      __VERIFIER_atomic_begin();
      __CIRC_handler_exit();
    } else {
      irq_enabled = 1;
    }
    __VERIFIER_atomic_end();
  }
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, cpu, 0);
  return 0;
}
