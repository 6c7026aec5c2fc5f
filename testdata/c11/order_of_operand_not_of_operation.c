// The relaxed load in the operand takes its own order, and the relaxed
// fetch_add releases nothing: data races.
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
atomic_int one = 1;
int data;
void *w(void *a) {
  data = 1;
  atomic_fetch_add_explicit(&flag, atomic_load_explicit(&one, memory_order_relaxed), memory_order_relaxed);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
    data = 2;
  return 0;
}
