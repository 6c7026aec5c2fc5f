// main stores its id in main_id before it creates the worker, which
// detaches main's thread through it: the store comes first.
// expect svcomp: main_id=safe
// expect circ: main_id=safe
#include <pthread.h>

pthread_t main_id;

void *worker(void *arg) {
  pthread_detach(main_id);
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  pthread_exit(0);
}
