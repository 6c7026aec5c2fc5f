// memchr reads the bytes it searches (here all of them: the byte
// sought is not there), while the worker writes buf[3]; and its result
// points into them: the store through q races with the worker's write
// too when it finds the byte.
// expect svcomp: buf[3]=race buf[0]=race
// expect circ: buf[3]=race buf[0]=race
#include <pthread.h>
#include <string.h>

char buf[4] = {'a', 'b', 'c', 'd'};

void *worker(void *arg) {
  buf[3] = 'x';
  buf[0] = 'y';
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char *q = memchr(buf, 'a', 4);
  if (q)
    *q = 'z';
  pthread_join(t, 0);
  return 0;
}
