// touch() is run by main and by a worker, but writes x only in the thread
// whose id (pthread_self) equals main's: only main ever writes.
// expect svcomp: x=safe main_id=safe
// expect circ: x=safe main_id=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

int x;
pthread_t main_id;

void touch(void) {
  if (pthread_equal(pthread_self(), main_id))
    x = x + 1;
}

void *worker(void *arg) {
  touch();
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  touch();
  return 0;
}
