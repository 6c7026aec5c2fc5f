// A release fence before a relaxed store publishes like a release
// store. circ's happens-before does not model fences, so under c11 it
// cannot tell this race-free program from a racy one: unknown.
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int ready;

void *writer(void *arg) {
  data = 1;
  atomic_thread_fence(memory_order_release);
  atomic_store_explicit(&ready, 1, memory_order_relaxed);
  return 0;
}

void *reader(void *arg) {
  if (atomic_load_explicit(&ready, memory_order_relaxed)) {
    atomic_thread_fence(memory_order_acquire);
    int d = data;
    (void)d;
  }
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  return 0;
}
