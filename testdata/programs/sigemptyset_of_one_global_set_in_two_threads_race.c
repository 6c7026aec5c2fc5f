// sigemptyset writes every word of its set with zeros: two workers
// clearing one global set race on it.
// expect svcomp: set.__val[0]=race set.__val[15]=race
// expect circ: set.__val[0]=race set.__val[15]=race
#include <pthread.h>
#include <signal.h>

sigset_t set;

void *worker(void *arg) {
  sigemptyset(&set);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
