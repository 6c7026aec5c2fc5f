// Workers call handlers through a table of function pointers; every
// handler takes the lock before it touches the counter.
// expect svcomp: counter=safe
// expect circ: counter=safe
// expect-explicit svcomp: counter=unknown
// expect-explicit circ: counter=unknown
// explicit-max-states: 20000
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void inc(void) { pthread_mutex_lock(&m); counter++; pthread_mutex_unlock(&m); }
void dec(void) { pthread_mutex_lock(&m); counter--; pthread_mutex_unlock(&m); }

void (*ops[2])(void) = { inc, dec };

void *worker(void *arg) {
  int i = __VERIFIER_nondet_int() ? 1 : 0;
  ops[i]();
  return 0;
}

int main() {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
