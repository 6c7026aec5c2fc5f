// written_only_before_create_safe.c with main adjusting limit after it
// starts the first worker: the write races with that worker's read.
// expect svcomp: limit=race done=safe
// expect circ: limit=race done=safe
// expect-explicit svcomp: limit=race done=unknown
// expect-explicit circ: limit=race done=unknown
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
  pthread_create(&t, 0, worker, 0);
  if (limit < 0)
    limit = 0;
  while (1) {
    pthread_create(&t, 0, worker, 0);
  }
  return 0;
}
