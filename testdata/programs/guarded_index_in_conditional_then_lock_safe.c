// guarded_index_in_conditional_keeps_unguarded_path_race.c with g
// under a mutex: both workers get past the guarded read, and the lock
// orders their accesses to g.
// expect svcomp: a[0]=safe a[1]=safe g=safe
// expect circ: a[0]=safe a[1]=safe g=safe
#include <pthread.h>

int a[2];
int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *w(void *arg) {
  int r = (int)(long)arg;
  int up = r > 0 ? a[r - 1] : 0;
  (void)up;
  pthread_mutex_lock(&m);
  if (r == 0)
    g = 1;
  else {
    int x = g;
    (void)x;
  }
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t th[2];
  for (long r = 0; r < 2; r++)
    pthread_create(&th[r], 0, w, (void *)r);
  for (int r = 0; r < 2; r++)
    pthread_join(th[r], 0);
  return 0;
}
