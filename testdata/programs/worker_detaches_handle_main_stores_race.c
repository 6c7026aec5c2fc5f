// The worker detaches main's thread through main_id while main stores
// its id there: pthread_detach reads the handle, unordered with the
// store.
// expect svcomp: main_id=race
// expect circ: main_id=race
#include <pthread.h>

pthread_t main_id;

void *worker(void *arg) {
  pthread_detach(main_id);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  main_id = pthread_self();
  pthread_exit(0);
}
