// Each worker takes a ticket atomically; only the 1st and the 4th ticket
// holders write x. The race on x therefore needs 4 instances of worker (the
// explicit engine finds it with --threads 4, not with 3). The ticket
// counter is only accessed atomically, but workers are unbounded, so the
// explicit engine cannot conclude on it.
// expect svcomp: x=race count=safe
// expect circ: x=race count=safe
// expect-explicit svcomp: x=race count=unknown
// expect-explicit circ: x=race count=unknown
// explicit-threads: 4
// explicit-race-needs-threads: x=4
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, count;

void *worker(void *arg) {
  int my;
  __VERIFIER_atomic_begin();
  my = count;
  count = count + 1;
  __VERIFIER_atomic_end();
  if (my == 0 || my == 3)
    x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
