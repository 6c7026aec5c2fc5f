// main passes the address of its own copy of mine to the worker and
// reads it only after joining the worker: no race.
// expect svcomp: main::mine=safe
// expect circ: main::mine=safe
#include <pthread.h>

__thread int mine = 5;

void *worker(void *arg) {
  *(int *)arg = mine + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, &mine);
  pthread_join(t, 0);
  return mine;
}
