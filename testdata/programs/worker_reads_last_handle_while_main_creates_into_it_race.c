// main creates six workers into t[0..5], and each worker reads t[5]:
// the first ones read it while main's pthread_create may be storing the
// last worker's id there. t is an array summary; the race is on the
// element the run tracks, read by a worker created through another.
// expect svcomp: t[*]=race
// expect circ: t[*]=race
// expect-explicit svcomp: t[*]=unknown
// expect-explicit circ: t[*]=unknown
#include <pthread.h>

pthread_t t[6];
int last;

void *worker(void *arg) {
  if (pthread_equal(t[5], pthread_self()))
    last = 1;
  return 0;
}

int main(void) {
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
