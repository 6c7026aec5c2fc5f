// A struct argument is copied when it is evaluated, before the later
// argument's call takes the lock: the copy reads cfg.level unguarded
// and races with the worker's locked write.
// expect svcomp: cfg.level=race
// expect circ: cfg.level=race
#include <pthread.h>

struct config { int level; };

struct config cfg;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int lock_it(void) {
  pthread_mutex_lock(&m);
  return 0;
}

int apply(struct config c, int unused) {
  int l = c.level;
  pthread_mutex_unlock(&m);
  return l;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  cfg.level = 3;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return apply(cfg, lock_it());
}
