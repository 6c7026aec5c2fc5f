// struct_passed_by_value_safe.c where the second call copies the shared
// settings after the lock is released: the copy's read of rate races
// with the worker's write. limit is only read, so it cannot race.
// expect svcomp: settings.rate=race settings.limit=safe
// expect circ: settings.rate=race settings.limit=safe
#include <pthread.h>

struct settings { int rate; int limit; };

struct settings settings = { 1, 10 };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int budget(struct settings s) {
  s.rate++;
  return s.rate * s.limit;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  settings.rate = 2;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int b = budget(settings);
  pthread_mutex_unlock(&m);
  b += budget(settings);
  return b;
}
