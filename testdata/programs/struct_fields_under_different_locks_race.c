// struct_fields_under_different_locks_safe.c where one path updates b
// under m1 instead of m2: b races, a (always under m1) does not.
// expect svcomp: acct.a=safe acct.b=race
// expect circ: acct.a=safe acct.b=race
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

void *forgetful(void *arg) {
  pthread_mutex_lock(&m1);
  acct.a = acct.a - 1;
  acct.b = acct.b - 2;
  pthread_mutex_unlock(&m1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, forgetful, 0);
  return 0;
}
