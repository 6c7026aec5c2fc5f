// main creates four workers through a constant array of handles and
// joins them all before reading data. The loops' bound is a local that
// always holds its initializer (nothing writes it or takes its
// address), so circ unrolls both loops: every handle is its own, and
// the engines see each worker joined.
// expect svcomp: data=safe
// expect circ: data=safe
#include <pthread.h>

int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  data = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  int n = 4;
  pthread_t t[4];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  return data;
}
