// lock_array_indexed_like_data_safe.c with an off-by-one: account i is
// updated under lock[1 - i], so two deposits to one account can hold
// different locks.
// expect svcomp: balance[0]=race balance[1]=race
// expect circ: balance[0]=race balance[1]=race
// explicit-threads: 2
#include <pthread.h>

int balance[2];
pthread_mutex_t lock[2];

void *deposit(void *arg) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 1)
    return 0;
  pthread_mutex_lock(&lock[j]);
  balance[i] += 10;
  pthread_mutex_unlock(&lock[j]);
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
