// main passes the address of its own copy of mine to the worker, which
// writes it while main does: a race on main's copy. The worker's copy,
// whose address it also takes, stays its own.
// expect svcomp: main::mine=race
// expect circ: main::mine=race
#include <pthread.h>

__thread int mine = 5;

void *worker(void *arg) {
  int *own = &mine;
  *own = 1;
  *(int *)arg = *own;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, &mine);
  mine = 2;
  pthread_join(t, 0);
  return mine;
}
