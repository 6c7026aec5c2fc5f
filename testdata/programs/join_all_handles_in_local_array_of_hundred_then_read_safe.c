// main starts a hundred workers through an array of handles of its own,
// joins them all, and only then reads the results without a lock. A
// summary tracks one handle and its worker, so the proof costs what it
// costs for six.
// expect svcomp: done=safe
// expect circ: done=safe
// expect-explicit svcomp: done=unknown
// expect-explicit circ: done=unknown
#include <pthread.h>

#define N 100

int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  done = done + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int i;
  for (i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return done;
}
