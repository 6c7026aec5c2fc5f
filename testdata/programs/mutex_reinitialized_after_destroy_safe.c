// A destroyed mutex initialized again works again: main destroys m and
// initializes it before it creates the worker, and both lock it.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *w(void *a) {
  pthread_mutex_lock(&m);
  g++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_destroy(&m);
  pthread_mutex_init(&m, 0);
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m);
  g = 5;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
