// fill writes a[n-1] through its pointer parameter, then calls itself
// for the elements before: circ runs the recursion as a loop back to
// the first call's start, with the pointer, which every call passes on
// as it is, kept. The worker fills data[0..2]: its write of data[1]
// races with main's read, data[5] it never writes.
// expect svcomp: data[1]=race data[5]=safe
// expect circ: data[1]=race data[5]=safe
#include <pthread.h>

int data[8];

void fill(int *a, int n) {
  if (n <= 0)
    return;
  a[n - 1] = n;
  fill(a, n - 1);
}

void *worker(void *arg) {
  fill(data, 3);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int x = data[1];
  int y = data[5];
  pthread_join(t, 0);
  return x + y;
}
