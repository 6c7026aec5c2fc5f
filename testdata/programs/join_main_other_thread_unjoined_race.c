// A worker writes x after joining main, another thread writes it without
// waiting: once main has left with pthread_exit (which ends main only),
// the two writes race.
// expect svcomp: x=race main_id=safe
// expect circ: x=race main_id=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

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
  pthread_exit(0);
}
