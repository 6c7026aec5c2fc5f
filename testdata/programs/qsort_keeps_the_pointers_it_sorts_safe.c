// qsort leaves in each element the value of one of the elements: after
// sorting an array of pointers to a and b, each still points to a or
// b, so main's writes through them never reach c, which the worker
// writes meanwhile.
// expect svcomp: c=safe
// expect circ: c=safe
// explicit-max-states: 400000
#include <pthread.h>
#include <stdlib.h>

int a = 2, b = 1, c;
int *ptrs[2] = {&a, &b};

static int by_value(const void *x, const void *y) {
  return **(int *const *)x - **(int *const *)y;
}

void *worker(void *arg) {
  c = 5;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  qsort(ptrs, 2, sizeof ptrs[0], by_value);
  *ptrs[0] = 0;
  *ptrs[1] = 0;
  pthread_join(t, 0);
  return c;
}
