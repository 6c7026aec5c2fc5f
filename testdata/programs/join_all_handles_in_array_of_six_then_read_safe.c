// main starts six workers through a global array of handles, joins all
// six in a second loop, and only then reads the total they bump under a
// mutex, without taking it. From six handles on, circ keeps such an
// array as an element summary, as it does a heap array of handles: it
// tracks one element, any one, and the bounds of both loops prove that
// the join loop meets it, for any length.
// expect svcomp: total=safe
// expect circ: total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
#include <pthread.h>

#define N 6

int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_t t[N];

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  total = total + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int j = 0; j < N; j++)
    pthread_join(t[j], 0);
  return total;
}
