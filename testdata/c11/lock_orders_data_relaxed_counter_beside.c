// data is written and read under a mutex, which orders the accesses
// under happens-before too; the relaxed counter beside it is atomic and
// races with nothing.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  data = data + 1;
  pthread_mutex_unlock(&m);
  atomic_fetch_add_explicit(&hits, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_mutex_lock(&m);
  int d = data;
  pthread_mutex_unlock(&m);
  (void)d;
  return 0;
}
