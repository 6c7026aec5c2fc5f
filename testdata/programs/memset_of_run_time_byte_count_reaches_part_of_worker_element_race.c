// main clears a number of bytes known only at run time, up to 13: the
// thirteenth byte is the first of a[3], which the worker writes under
// the lock while main's memset, without it, may set part of it.
// expect svcomp: a[3]=race
// expect circ: a[3]=race
// expect-explicit svcomp: a[3]=unknown
// expect-explicit circ: a[3]=unknown
#include <pthread.h>
#include <string.h>

extern unsigned __VERIFIER_nondet_uint(void);

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
  unsigned bytes = __VERIFIER_nondet_uint();
  if (bytes > 13)
    return 0;
  pthread_create(&t, 0, worker, 0);
  memset(a, 0, bytes);
  pthread_mutex_lock(&m);
  int r = a[3];
  pthread_mutex_unlock(&m);
  return r;
}
