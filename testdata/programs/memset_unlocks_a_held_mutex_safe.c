// memset_unlocks_a_held_mutex_race.c with the mutex zeroed before the
// worker starts: a fresh unlocked mutex, and both writes are under it.
// expect svcomp: s.n=safe
// expect circ: s.n=safe
#include <pthread.h>
#include <string.h>

struct shared { pthread_mutex_t m; int n; };
struct shared s = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *worker(void *arg) {
  pthread_mutex_lock(&s.m);
  s.n = 1;
  pthread_mutex_unlock(&s.m);
  return 0;
}

int main(void) {
  pthread_t t;
  memset(&s.m, 0, sizeof s.m);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&s.m);
  s.n = 2;
  pthread_mutex_unlock(&s.m);
  pthread_join(t, 0);
  return 0;
}
