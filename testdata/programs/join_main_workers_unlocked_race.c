// join_main_then_write_safe.c without the mutex: both workers get past
// their join of main (main ends with pthread_exit, which ends only main)
// and their writes race.
// expect svcomp: x=race
// expect circ: x=race
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
  pthread_t t1, t2;
  main_id = pthread_self();
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_exit(0);
}
