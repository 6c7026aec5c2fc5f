// main destroys m while the worker may still use it, then locks it:
// glibc's lock of a destroyed mutex fails with EINVAL and takes nothing,
// so main's write of g races with the worker's.
// expect svcomp: g=race
// expect circ: g=race
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
  pthread_mutex_destroy(&m);
  pthread_mutex_lock(&m);
  g = 5;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
