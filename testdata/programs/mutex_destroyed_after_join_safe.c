// mutex_locked_after_destroy_excludes_nothing_race.c as programs are
// meant to be written: main locks m around its write and destroys it
// only after joining the worker.
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
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m);
  g = 5;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  pthread_mutex_destroy(&m);
  return 0;
}
