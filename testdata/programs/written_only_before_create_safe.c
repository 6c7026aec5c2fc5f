// main chooses an unbounded nondeterministic limit and writes it before it
// creates any thread; unboundedly many workers only read limit, and count
// their own progress in a mutex-protected unbounded counter. limit is
// written only while main is the only thread.
// expect svcomp: limit=safe done=safe
// expect circ: limit=safe done=safe
// expect-explicit svcomp: limit=unknown done=unknown
// expect-explicit circ: limit=unknown done=unknown
// explicit-threads: 2
// explicit-max-states: 20000
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int limit;
int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int i = 0;
  while (i < limit) {
    pthread_mutex_lock(&m);
    done = done + 1;
    pthread_mutex_unlock(&m);
    i = i + 1;
  }
  return 0;
}

int main(void) {
  pthread_t t;
  limit = __VERIFIER_nondet_int();
  if (limit < 0)
    limit = 0;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
