// A thread that joins itself does not wait: pthread_join fails at once
// with EDEADLK (glibc), and the worker goes on to write x while main
// writes it. Read as a join that waits, the worker would block forever
// and the race would be missed.
// expect svcomp: x=race
// expect circ: x=race
#include <errno.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  if (pthread_join(pthread_self(), 0) == EDEADLK)
    x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2;
  return 0;
}
