// heap_mutex_used_uninitialized_is_undefined_safe.c with calloc: zero
// bytes are glibc's PTHREAD_MUTEX_INITIALIZER, so the block holds a
// mutex, and both threads update g under it.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>
#include <stdlib.h>

int g;

void *w(void *a) {
  pthread_mutex_t *m = a;
  pthread_mutex_lock(m);
  g++;
  pthread_mutex_unlock(m);
  return 0;
}

int main(void) {
  pthread_mutex_t *m = calloc(1, sizeof *m);
  if (!m)
    return 0;
  pthread_t t;
  pthread_create(&t, 0, w, m);
  pthread_mutex_lock(m);
  g++;
  pthread_mutex_unlock(m);
  pthread_join(t, 0);
  return 0;
}
