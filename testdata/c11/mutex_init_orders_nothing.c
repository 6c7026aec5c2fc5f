// pthread_mutex_init releases nothing into the mutex: main's write of
// data, before the init, races with the worker's under the lock.
#include <pthread.h>
pthread_mutex_t m;
int f, data;
void *w(void *a) {
  while (!__atomic_load_n(&f, __ATOMIC_RELAXED)) {}
  pthread_mutex_lock(&m);
  data = 2;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  data = 1;
  pthread_mutex_init(&m, 0);
  __atomic_store_n(&f, 1, __ATOMIC_RELAXED);
  return 0;
}
