// The safe variant of memchr_reads_bytes_and_points_into_them_race.c:
// main searches and writes buf only after joining the worker.
// expect svcomp: buf[3]=safe buf[0]=safe
// expect circ: buf[3]=safe buf[0]=safe
// expect-explicit svcomp: buf[3]=unknown buf[0]=unknown
// expect-explicit circ: buf[3]=unknown buf[0]=unknown
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
  pthread_join(t, 0);
  char *q = memchr(buf, 'a', 4);
  if (q)
    *q = 'z';
  return 0;
}
