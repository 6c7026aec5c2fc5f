// The comparison writes arr[0], and qsort may move that value into
// arr[1]: main then writes x, which the worker writes meanwhile. The
// context matches this only weakly (silent steps after the move), which
// the concretization must follow.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <stdlib.h>

int arr[2] = {1, 2};
int x;

static int cmp(const void *a, const void *b) {
  arr[0] = 5;
  return 1;
}

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  qsort(arr, 2, sizeof arr[0], cmp);
  if (arr[1] == 5)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
