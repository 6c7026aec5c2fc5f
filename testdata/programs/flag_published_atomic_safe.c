// A producer fills data, then publishes it by setting flag inside an atomic
// section; the consumer polls flag atomically and reads data only once it is
// set. data is ordered by the flag; every flag access is atomic.
// expect svcomp: data=safe flag=safe
// expect circ: data=safe flag=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int data, flag;

void *producer(void *arg) {
  data = 42;
  __VERIFIER_atomic_begin();
  flag = 1;
  __VERIFIER_atomic_end();
  return 0;
}

void *consumer(void *arg) {
  int f, d;
  while (1) {
    __VERIFIER_atomic_begin();
    f = flag;
    __VERIFIER_atomic_end();
    if (f)
      break;
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
