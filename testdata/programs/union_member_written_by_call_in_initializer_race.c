// A call inside an initializer writes a union member, gu.i, whose
// bytes gu.l shares: the worker's read of gu.l races with it. Only the
// initialization's own stores are whole copies; f's store is not.
// expect svcomp: gu.l=race
// expect circ: gu.l=race
#include <pthread.h>

union word {
  int i;
  long l;
};

union word gu;

struct pair {
  int a;
  int b;
};

int f(void) {
  gu.i = 1;
  return 0;
}

void *worker(void *arg) {
  long v = gu.l;
  return (void *)v;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  struct pair s = {f(), 2};
  pthread_join(t, 0);
  return s.a;
}
