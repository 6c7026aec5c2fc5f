// The producer/consumer hand-off of flag_published_atomic_safe.c with a
// plain flag: the flag itself races, while data stays ordered by it under
// interleaving semantics.
// expect svcomp: data=safe flag=race
// expect circ: data=safe flag=race
#include <pthread.h>

int data, flag;

void *producer(void *arg) {
  data = 42;
  flag = 1;
  return 0;
}

void *consumer(void *arg) {
  int d;
  while (flag == 0) {
  }
  d = data;
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  return 0;
}
