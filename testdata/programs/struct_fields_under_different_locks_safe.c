// Two fields of one struct, each guarded by its own lock: a and b are
// separate memory locations, so holding m1 for a and m2 for b is enough.
// expect svcomp: acct.a=safe acct.b=safe
// expect circ: acct.a=safe acct.b=safe
#include <pthread.h>

struct account {
  int a;
  int b;
} acct;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m1);
  acct.a = acct.a + 1;
  pthread_mutex_unlock(&m1);
  pthread_mutex_lock(&m2);
  acct.b = acct.b + 2;
  pthread_mutex_unlock(&m2);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
