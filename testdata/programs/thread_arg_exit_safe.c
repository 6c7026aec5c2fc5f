// Two instances of worker get different arguments; the one with argument 0
// calls pthread_exit before touching x, so only one thread ever writes x.
// expect svcomp: x=safe
// expect circ: x=safe
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
