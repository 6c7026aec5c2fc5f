// A struct passed by value is copied into the callee's parameter when
// the call is made: each field of the argument is read then. main makes
// both copies of the shared settings under the lock the worker writes
// them under; the callee's changes touch only its copy.
// expect svcomp: settings.rate=safe settings.limit=safe
// expect circ: settings.rate=safe settings.limit=safe
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
  b += budget(settings);
  pthread_mutex_unlock(&m);
  return b;
}
