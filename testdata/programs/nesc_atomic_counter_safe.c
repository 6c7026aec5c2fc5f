// nesC-generated atomic sections (__nesc_atomic_start/__nesc_atomic_end)
// protect a counter shared by two threads (a task and an interrupt handler
// in the original TinyOS code).
// expect svcomp: counter=safe
// expect circ: counter=safe
#include <pthread.h>

typedef unsigned char __nesc_atomic_t;
extern __nesc_atomic_t __nesc_atomic_start(void);
extern void __nesc_atomic_end(__nesc_atomic_t s);

int counter;

void *task(void *arg) {
  __nesc_atomic_t s = __nesc_atomic_start();
  counter = counter + 1;
  __nesc_atomic_end(s);
  return 0;
}

void *handler(void *arg) {
  __nesc_atomic_t s = __nesc_atomic_start();
  if (counter > 0)
    counter = counter - 1;
  __nesc_atomic_end(s);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, task, 0);
  pthread_create(&b, 0, handler, 0);
  return 0;
}
