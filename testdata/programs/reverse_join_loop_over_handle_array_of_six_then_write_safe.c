// main joins its six workers from the last down to the first, and
// then writes x: every worker has finished.
// expect svcomp: x=safe
// expect circ: x=safe
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[6];
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int j = 5; j >= 0; j--)
    pthread_join(t[j], 0);
  x = 2;
  return 0;
}
