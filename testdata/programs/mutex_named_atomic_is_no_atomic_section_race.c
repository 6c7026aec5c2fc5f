// A mutex named atomic excludes only the threads that lock it: main's
// atomic section runs while the worker holds the mutex, and both
// write x. Under the circ race definition an access at an atomic
// location races with nothing, so x is safe there.
// expect svcomp: x=race
// expect circ: x=safe
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

pthread_mutex_t atomic = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *a) {
  pthread_mutex_lock(&atomic);
  x = 1;
  pthread_mutex_unlock(&atomic);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __VERIFIER_atomic_begin();
  x = 2;
  __VERIFIER_atomic_end();
  pthread_join(t, 0);
  return 0;
}
