// The lock lives in the struct it guards: every access to c.count holds
// c.lock, taken as pthread_mutex_lock(&c.lock).
// expect svcomp: c.count=safe
// expect circ: c.count=safe
#include <pthread.h>

struct counter {
  pthread_mutex_t lock;
  int count;
} c = {PTHREAD_MUTEX_INITIALIZER, 0};

void *inc(void *arg) {
  pthread_mutex_lock(&c.lock);
  c.count++;
  pthread_mutex_unlock(&c.lock);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  return 0;
}
