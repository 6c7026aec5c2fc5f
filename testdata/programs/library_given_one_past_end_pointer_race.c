// One past the end of an array is a valid pointer, and a library given
// it may step back into the array: its writes race with the worker's
// read of a[2].
// expect svcomp: a[2]=race
// expect circ: a[2]=race
#include <pthread.h>

extern void fill_back(int *end);

int a[3];

void *worker(void *arg) {
  int v = a[2];
  return 0;
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fill_back(a + 3);
  return 0;
}
