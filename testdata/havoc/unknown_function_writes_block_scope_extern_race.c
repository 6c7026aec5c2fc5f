// A global declared extern only inside a function is still the
// library's to write: the worker's call of refresh races with main's
// read of status.
// expect svcomp: status=race
// expect circ: status=race
#include <pthread.h>

extern void refresh(void);

void *worker(void *p) {
  refresh();
  return 0;
}

int main(void) {
  extern int status;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return status;
}
