// main's index may be one past the member array a; C makes that access
// undefined even though the address is s.b's, so circ cuts the run
// there and reports the undefined behaviour as a finding, instead of
// reading it as a write of s.b.
// Every access of s.b is under the lock, so s.b is race-free.
// expect svcomp: s.b=safe
// expect circ: s.b=safe
// expect-undefined: 34
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);

struct pair {
  int a[2];
  int b;
} s;

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  s.b = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  s.b = 2;
  pthread_mutex_unlock(&m);
  int i = __VERIFIER_nondet_bool() + __VERIFIER_nondet_bool() + __VERIFIER_nondet_bool();
  s.a[i] = 5;
  return 0;
}
