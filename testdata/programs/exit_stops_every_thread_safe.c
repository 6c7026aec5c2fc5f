// join_main_other_thread_unjoined_race.c with exit() instead of
// pthread_exit: exit ends the whole program, so the joiner never gets past
// its join of main, and only one thread ever writes x.
// expect svcomp: x=safe main_id=safe
// expect circ: x=safe main_id=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>
#include <stdlib.h>

int x;
pthread_t main_id;

void *joiner(void *arg) {
  pthread_join(main_id, 0);
  x = 1;
  return 0;
}

void *other(void *arg) {
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  main_id = pthread_self();
  pthread_create(&a, 0, joiner, 0);
  pthread_create(&b, 0, other, 0);
  exit(0);
}
