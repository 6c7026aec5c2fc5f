// t1's relaxed store of x is known to nobody: main's plain read of x,
// after t2 overwrote it, still races with it.
#include <pthread.h>
int x;
int flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t1(void *a) {
  __atomic_store_n(&x, 1, __ATOMIC_RELAXED);
  return 0;
}
void *t2(void *a) {
  while (__atomic_load_n(&x, __ATOMIC_RELAXED) != 1) {}
  __atomic_store_n(&x, 2, __ATOMIC_RELAXED);
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t a, b;
  int r = 0;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_mutex_lock(&m);
  if (flag) r = x;
  pthread_mutex_unlock(&m);
  return r;
}
