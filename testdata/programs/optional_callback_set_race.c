// optional_callback_never_set_safe.c with main setting the hook before
// the workers start: both call it outside the lock, and their writes
// to last race.
// expect svcomp: count=safe ops.trace=safe last=race
// expect circ: count=safe ops.trace=safe last=race
#include <pthread.h>

struct ops { void (*trace)(int); };
struct ops ops;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count, last;

void record(int n) { last = n; }

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  int n = ++count;
  pthread_mutex_unlock(&m);
  if (ops.trace)
    ops.trace(n);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  ops.trace = record;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
