// main locks m and then initializes it again, before it creates the
// worker: pthread_mutex_init leaves m unlocked, so the worker takes it
// while main, which believes it holds m, writes x.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

pthread_mutex_t m;
int x;

void *worker(void *a) {
  pthread_mutex_lock(&m);
  x = 2;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_init(&m, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_init(&m, 0);
  pthread_create(&t, 0, worker, 0);
  x = 1;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
