// join_all_workers_then_read_safe.c with main forgetting the third join:
// its read of sum races with the third worker's locked increment.
// expect svcomp: sum=race
// expect circ: sum=race
// explicit-max-states: 20000
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int sum;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  while (__VERIFIER_nondet_int()) {
    pthread_mutex_lock(&m);
    sum = sum + 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2, t3;
  int total;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_create(&t3, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  total = sum;
  return 0;
}
