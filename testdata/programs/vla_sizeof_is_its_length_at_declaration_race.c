// sizeof of a variable-length array is its length when its declaration
// ran, times its element's size, whatever the variable that gave the
// length holds later: each worker writes `hit` only where that is 12
// bytes (3 ints), after changing n, so both may write it.
// expect svcomp: hit=race
// expect circ: hit=race
#include <pthread.h>

int hit;

void *worker(void *arg) {
  int n = 3;
  int a[n];
  n = 5;
  if (sizeof(a) == 3 * sizeof(int) && n == 5)
    hit = 1;
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, worker, 0);
  pthread_create(&h2, 0, worker, 0);
  return 0;
}
