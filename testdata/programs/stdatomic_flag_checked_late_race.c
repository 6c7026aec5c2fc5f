// stdatomic_message_passing_safe.c, but the consumer reads data before it
// looks at the flag.
// expect svcomp: data=race ready=safe
// expect circ: data=race ready=safe
#include <pthread.h>
#include <stdatomic.h>

int data;
atomic_int ready;

void *producer(void *arg) {
  data = 42;
  atomic_store(&ready, 1);
  return 0;
}

void *consumer(void *arg) {
  int v = data;
  if (atomic_load(&ready) == 1) {
    v = v + 1;
  }
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  return 0;
}
