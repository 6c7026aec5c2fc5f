// main and the worker each write the bucket their thread id hashes to.
// The system's ids are not circ's 1, 2, ...: two threads may hash to
// the same bucket, and then they race on it.
// expect svcomp: table[0]=race table[1]=race
// expect circ: table[0]=race table[1]=race
#include <pthread.h>

int table[2];

void *worker(void *arg) {
  table[(unsigned long)pthread_self() % 2] = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  table[(unsigned long)pthread_self() % 2] = 2;
  return 0;
}
