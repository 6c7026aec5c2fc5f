// main allocates three mutexes in a loop, keeping the first in p and the
// second in q; the worker counts under q, main under p: two different
// mutexes, so the two increments race. Both are blocks of one
// allocation site, and the race trace tracks neither: replay follows
// which thread holds the mutex at each address.
// expect svcomp: count=race
// expect circ: count=race
#include <pthread.h>
#include <stdlib.h>

int count;
pthread_mutex_t *p, *q;

void *worker(void *arg) {
  pthread_mutex_lock(q);
  count++;
  pthread_mutex_unlock(q);
  return 0;
}

int main(void) {
  for (int i = 0; i < 3; i++) {
    pthread_mutex_t *m = malloc(sizeof *m);
    if (!m)
      return 1;
    pthread_mutex_init(m, 0);
    if (i == 0)
      p = m;
    if (i == 1)
      q = m;
  }
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(p);
  count++;
  pthread_mutex_unlock(p);
  return 0;
}
