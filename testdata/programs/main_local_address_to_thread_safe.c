// main passes the address of its local to a thread and reads the local
// only after joining it.
// expect svcomp: main::result=safe
// expect circ: main::result=safe
#include <pthread.h>

void *compute(void *arg) {
  int *out = arg;
  *out = 42;
  return 0;
}

int main() {
  pthread_t t;
  int result = 0;
  pthread_create(&t, 0, compute, &result);
  pthread_join(t, 0);
  return result;
}
