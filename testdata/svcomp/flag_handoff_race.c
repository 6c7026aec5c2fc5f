// The producer publishes data with a plain flag; the consumer reads data
// without waiting for the flag.
#include <pthread.h>

int data, ready;

void *producer(void *arg) {
  data = 42;
  ready = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  int v = data;
  return 0;
}
