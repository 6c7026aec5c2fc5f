// main holds m across pthread_create(&t1, ...), and the worker reads t1,
// its own handle, under m: by then the store has happened, whenever
// pthread_create makes it.
// expect svcomp: t1=safe
// expect circ: t1=safe
#include <pthread.h>

pthread_t t1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int mine;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (pthread_equal(t1, pthread_self()))
    mine = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_mutex_lock(&m);
  pthread_create(&t1, 0, worker, 0);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  return 0;
}
