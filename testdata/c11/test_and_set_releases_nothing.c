// __sync_lock_test_and_set is an acquire barrier only: it releases
// nothing, and data races.
#include <pthread.h>
int f, data;
void *w(void *a) {
  data = 1;
  __sync_lock_test_and_set(&f, 1);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (__atomic_load_n(&f, __ATOMIC_ACQUIRE))
    data = 2;
  return 0;
}
