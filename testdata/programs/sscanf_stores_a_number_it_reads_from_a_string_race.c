// sscanf reads its string up to the 0 and stores each number it
// converts into the object its argument points to. The worker's store
// into n races with main's read; main only reads the string the worker
// reads too.
// expect svcomp: n=race line[0]=safe
// expect circ: n=race line[0]=safe
// expect-explicit svcomp: line[0]=unknown
// expect-explicit circ: line[0]=unknown
#include <pthread.h>
#include <stdio.h>

char line[8] = "42";
unsigned n;

void *worker(void *arg) {
  if (sscanf(line, "%u", &n) != 1)
    return 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  unsigned k = n;
  char c = line[0];
  pthread_join(t, 0);
  return k + c;
}
