// C11 message passing: the producer writes data, then sets the atomic
// flag; the consumer reads data only after it saw the flag set.
// expect svcomp: data=safe ready=safe
// expect circ: data=safe ready=safe
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
  if (atomic_load(&ready) == 1) {
    int v = data;
  }
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  return 0;
}
