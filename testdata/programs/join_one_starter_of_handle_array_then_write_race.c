// Six starters go through a global array of handles; each starts a
// helper that bumps count under a mutex, and joins it. main joins the
// third starter only, then writes count without the mutex: the helpers
// of the others may still run. In
// the race trace main joins a starter circ does not track: replay runs
// it to its end first, and with it the helper it starts and joins.
// expect svcomp: count=race
// expect circ: count=race
// expect-explicit svcomp: count=unknown
// expect-explicit circ: count=unknown
#include <pthread.h>

int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_t t[6];

void *helper(void *arg) {
  pthread_mutex_lock(&m);
  count = count + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *starter(void *arg) {
  pthread_t h;
  pthread_create(&h, 0, helper, 0);
  pthread_join(h, 0);
  return 0;
}

int main(void) {
  for (int i = 0; i < 6; i++)
    pthread_create(&t[i], 0, starter, 0);
  pthread_join(t[2], 0);
  count = 2;
  return 0;
}
