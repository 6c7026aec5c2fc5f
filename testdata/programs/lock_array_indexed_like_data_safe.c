// Bank accounts with one mutex each: every transfer locks the mutex
// with the same index as the account it updates.
// expect svcomp: balance[0]=safe balance[1]=safe
// expect circ: balance[0]=safe balance[1]=safe
// expect-explicit svcomp: balance[0]=unknown balance[1]=unknown
// expect-explicit circ: balance[0]=unknown balance[1]=unknown
#include <pthread.h>

int balance[2];
pthread_mutex_t lock[2];

void *deposit(void *arg) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1)
    return 0;
  pthread_mutex_lock(&lock[i]);
  balance[i] += 10;
  pthread_mutex_unlock(&lock[i]);
  return 0;
}

int main() {
  pthread_t t;
  pthread_mutex_init(&lock[0], 0);
  pthread_mutex_init(&lock[1], 0);
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, deposit, 0);
  return 0;
}
