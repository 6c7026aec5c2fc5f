// qsort may compare elements after it has moved some of them (glibc's
// merge sort copies sorted runs back between its comparisons), so the
// comparison may see arr[1] holding 1, the value arr[2] held at the
// call: it then writes x, which the worker writes meanwhile.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <stdlib.h>

int arr[3] = {3, 2, 1};
int x;

static int cmp(const void *a, const void *b) {
  const int *pa = a, *pb = b;
  if ((pa == &arr[1] && *pa == 1) || (pb == &arr[1] && *pb == 1))
    x = 1;
  return *pa - *pb;
}

void *worker(void *arg) {
  x = 5;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  qsort(arr, 3, sizeof(int), cmp);
  pthread_join(t, 0);
  return 0;
}
