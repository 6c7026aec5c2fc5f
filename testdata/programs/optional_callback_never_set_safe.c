// A library-style optional hook: the workers call ops.trace outside
// the lock when it is set, and nothing ever sets it. The guard is never
// true, so the hook's unlocked write to last never runs.
// expect svcomp: count=safe ops.trace=safe last=safe
// expect circ: count=safe ops.trace=safe last=safe
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
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
