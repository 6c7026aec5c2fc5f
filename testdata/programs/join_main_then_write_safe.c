// Workers join the main thread (its id from pthread_self) before they
// write x; main leaves with pthread_exit after its own write, so the
// workers' writes come after it. The workers' own writes are ordered by
// a mutex.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-circ-engine svcomp: x=unknown
// expect-circ-engine circ: x=unknown
#include <pthread.h>

int x;
pthread_t main_id;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_join(main_id, 0);
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  main_id = pthread_self();
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  x = 1;
  pthread_exit(0);
}
