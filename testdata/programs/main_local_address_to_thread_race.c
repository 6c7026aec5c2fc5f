// main_local_address_to_thread_safe.c where main reads the local before
// joining the thread that writes it.
// expect svcomp: main::result=race
// expect circ: main::result=race
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
  int early = result;
  pthread_join(t, 0);
  return early;
}
