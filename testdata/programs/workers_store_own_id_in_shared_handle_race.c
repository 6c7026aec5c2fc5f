// Every worker stores its own id in last, and main reads last: without a
// lock, the stores race with each other and with main's read.
// expect svcomp: last=race
// expect circ: last=race
#include <pthread.h>

pthread_t last;

void *worker(void *arg) {
  last = pthread_self();
  return 0;
}

int main(void) {
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create(&t, 0, worker, 0);
  pthread_t seen = last;
  (void)seen;
  return 0;
}
