// main clears the first n ints of the array, n known only at run time
// but at most 3, without the lock: the element the worker writes under
// the lock, a[3], is never among them.
// expect svcomp: a[3]=safe
// expect circ: a[3]=safe
// expect-explicit svcomp: a[3]=unknown
// expect-explicit circ: a[3]=unknown
#include <pthread.h>
#include <string.h>

extern int __VERIFIER_nondet_int(void);

int a[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  a[3] = 7;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3)
    return 0;
  pthread_create(&t, 0, worker, 0);
  memset(a, 0, n * sizeof(int));
  pthread_mutex_lock(&m);
  int r = a[3];
  pthread_mutex_unlock(&m);
  return r;
}
