// The library that defines status (code circ does not see) may write it
// in any call of its: the worker's call races with main's read.
// expect svcomp: status=race
// expect circ: status=race
#include <pthread.h>

extern int status;
extern void refresh(void);

void *worker(void *p) {
  refresh();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return status;
}
