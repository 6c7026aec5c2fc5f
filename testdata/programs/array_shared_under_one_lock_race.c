// array_shared_under_one_lock_safe.c where main reads hist[2] without
// the mutex while workers run.
// expect svcomp: hist[0]=safe hist[1]=safe hist[2]=race
// expect circ: hist[0]=safe hist[1]=safe hist[2]=race
// expect-explicit svcomp: hist[0]=unknown hist[1]=unknown
// expect-explicit circ: hist[0]=unknown hist[1]=unknown
#include <pthread.h>

int hist[3];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3)
    return 0;
  pthread_mutex_lock(&m);
  hist[i]++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return hist[2];
}
