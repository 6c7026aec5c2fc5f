// Workers started through t + i, pointer arithmetic on a summarized
// array of six handles; main writes x before its join loop.
// expect svcomp: x=race
// expect circ: x=race
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
    pthread_create(t + i, 0, worker, 0);
  x = 2;
  for (int i = 0; i < 6; i++)
    pthread_join(*(t + i), 0);
  return 0;
}
