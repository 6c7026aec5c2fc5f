// Two instances of worker get different arguments; the one with argument 0
// calls pthread_exit before touching x, so only one thread ever writes x.
// expect svcomp: x=safe
// expect circ: x=safe
// The abstract engine does not track a context thread's argument, so it
// cannot tell the exiting instance from the writing one:
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

int x;

void *worker(void *arg) {
  if ((long)arg == 0)
    pthread_exit(0);
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)0);
  pthread_create(&t2, 0, worker, (void *)1);
  return 0;
}
