// In a program for the host, an asm label only renames a symbol: the
// volatile counter is shared memory like any other, and the threads
// race on it (on a microcontroller such a declaration is a hardware
// register instead: testdata/mcu).
// expect svcomp: counter=race
// expect circ: counter=race
#include <pthread.h>

volatile int counter __asm__("my_counter");

void *worker(void *arg) {
  counter = counter + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter = 2;
  pthread_join(t, 0);
  return counter;
}
