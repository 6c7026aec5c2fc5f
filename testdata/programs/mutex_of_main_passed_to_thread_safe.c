// main passes the address of its own local mutex to the thread it
// creates; both sides take it around the shared write.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

int g;

void *worker(void *arg) {
  pthread_mutex_t *m = arg;
  pthread_mutex_lock(m);
  g = 8;
  pthread_mutex_unlock(m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_t m;
  pthread_mutex_init(&m, 0);
  pthread_create(&t, 0, worker, &m);
  pthread_mutex_lock(&m);
  g = 9;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
