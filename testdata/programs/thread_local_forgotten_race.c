// thread_local_counter_safe.c where the counter lost its __thread: it is
// one shared variable, and the workers' increments race.
// expect svcomp: mine=race total=safe
// expect circ: mine=race total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
// explicit-threads: 2
#include <pthread.h>

int mine = 10;
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  mine = mine + 1;
  pthread_mutex_lock(&m);
  total = total + mine;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
