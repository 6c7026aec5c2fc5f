// Each CPU thread either fires the interrupt (the firing clears its enable
// flag) and runs the handler, which flips count outside any atomic
// section, or acts as the task that re-enables the interrupt. The task's
// atomic section first waits until no thread is in a handler (a task does
// not move while a handler preempts it), so two runs of the handler never
// overlap, for any number of CPU threads.
// expect svcomp: count=safe irq_enabled=safe
// expect circ: count=safe irq_enabled=safe
// expect-explicit svcomp: count=unknown irq_enabled=unknown
// expect-explicit circ: count=unknown irq_enabled=unknown
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void __CIRC_handler_enter(void);
extern void __CIRC_handler_exit(void);
extern void __CIRC_await_no_handler(void);

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
      __CIRC_await_no_handler();
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
