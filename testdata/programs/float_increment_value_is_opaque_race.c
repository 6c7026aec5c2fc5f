// The value of d++ on a double is opaque like any floating-point value
// (here it is 0.5, true): main may take the branch that writes x while
// the worker writes it.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
double d = 0.5;
int x;
void *worker(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  if (d++)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
