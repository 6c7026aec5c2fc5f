// A union passed by value to an undefined function is read there, in
// the caller's thread, as the copy C makes: the worker only reads
// arg.val too, so nothing races; and the library never reaches config,
// which no pointer it gets points into.
// expect svcomp: arg.val=safe config=safe
// expect circ: arg.val=safe config=safe
#include <pthread.h>

union semun {
  int val;
  unsigned short *array;
};

extern int semctl(int id, int num, int cmd, ...);

union semun arg;
int config;

void *worker(void *p) {
  return (void *)(long)(arg.val + config);
}

int main(void) {
  pthread_t t;
  arg.val = 1;
  config = 2;
  pthread_create(&t, 0, worker, 0);
  semctl(0, 0, 16, arg);
  return 0;
}
