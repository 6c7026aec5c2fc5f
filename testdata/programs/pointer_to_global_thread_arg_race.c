// pointer_to_global_thread_arg_safe.c with both threads given &c1: they
// increment the same counter through their pointers.
// expect svcomp: c1=race
// expect circ: c1=race
#include <pthread.h>

int c1, c2;

void *inc(void *arg) {
  int *p = arg;
  (*p)++;
  return 0;
}

int main() {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, &c1);
  pthread_create(&t2, 0, inc, &c1);
  return c2;
}
