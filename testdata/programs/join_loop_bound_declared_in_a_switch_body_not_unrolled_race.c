// The join loop's bound n is a local declared in a switch body, where
// the case label jumps past its initializer: n is no constant (it holds
// any value there), so the loop is not unrolled as one over 2 handles.
// Main's path through case 1 may join no worker before reading data: a
// race.
// expect svcomp: data=race
// expect circ: data=race
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  data = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, worker, 0);
  pthread_create(&t[1], 0, worker, 0);
  switch (__VERIFIER_nondet_int()) {
    int n = 2;
  case 1:
    for (int i = 0; i < n; i++)
      pthread_join(t[i], 0);
    return data;
  }
  return 0;
}
