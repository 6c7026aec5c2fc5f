// main holds m while it creates six workers into t[0..5], and each
// worker reads t[5] under m: by then every store into t is done.
// expect svcomp: t[*]=safe
// expect circ: t[*]=safe
// expect-explicit svcomp: t[*]=unknown
// expect-explicit circ: t[*]=unknown
#include <pthread.h>

pthread_t t[6];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int last;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (pthread_equal(t[5], pthread_self()))
    last = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_mutex_lock(&m);
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], 0, worker, 0);
  pthread_mutex_unlock(&m);
  return 0;
}
