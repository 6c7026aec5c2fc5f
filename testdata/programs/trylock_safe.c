// Workers update x only when pthread_mutex_trylock succeeds (returns 0).
// expect svcomp: x=safe
// expect circ: x=safe
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    x = x + 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_create(&t3, 0, worker, 0);
  return 0;
}
