// A worker joins the main thread (its id from pthread_self) before it
// writes x; main writes x, then leaves with pthread_exit, which ends main
// only: the worker's write comes after main's.
// expect svcomp: x=safe main_id=safe
// expect circ: x=safe main_id=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

int x;
pthread_t main_id;

void *worker(void *arg) {
  pthread_join(main_id, 0);
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  x = 1;
  pthread_exit(0);
}
