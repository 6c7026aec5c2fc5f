// join_main_workers_unlocked_race.c with exit() instead of pthread_exit:
// exit ends the whole program, so no worker ever gets past its join of
// main, and nobody writes x.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>
#include <stdlib.h>

int x;
pthread_t main_id;

void *worker(void *arg) {
  pthread_join(main_id, 0);
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  main_id = pthread_self();
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  exit(0);
}
