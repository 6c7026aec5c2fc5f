// main starts f through the first handle of a heap pthread_t array and
// h through each of the others; f writes g, h reads it, unsynchronized.
// circ tracks one element: when it is one of h's, f's thread is started
// through an untracked handle, and h's other threads too, so the race
// between the two functions must still be checked from either side.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *f(void *arg) {
  g = 1;
  return 0;
}

void *h(void *arg) {
  int x = g;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2)
    return 0;
  pthread_t *t = malloc(n * sizeof(pthread_t));
  if (!t)
    return 0;
  pthread_create(&t[0], 0, f, 0);
  for (int i = 1; i < n; i++)
    pthread_create(&t[i], 0, h, 0);
  return 0;
}
