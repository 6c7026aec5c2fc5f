// circ computes no floating-point value: a double object is a race
// target like any other, but a read of it, an operation on it and a
// comparison of it yield any value, each an approximation the report
// lists. So the worker may take the branch that writes hits (the race
// is reported through approximated steps), and its write of mean
// races with main's; the mutex orders every access to total. (The
// explicit engine tries only a few of the opaque values, so it cannot
// conclude on total.)
// expect svcomp: hits=race mean=race total=safe
// expect circ: hits=race mean=race total=safe
// expect-explicit svcomp: total=unknown
// expect-explicit circ: total=unknown
#include <pthread.h>
double total;
double mean;
int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static double scaled(double x, int k) { return x * k + 0.5; }
void *worker(void *arg) {
  pthread_mutex_lock(&m);
  total += scaled(total, 3);
  pthread_mutex_unlock(&m);
  if (mean > 100.0)
    hits = 1;
  mean = 1.0;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  total = 2.5;
  pthread_mutex_unlock(&m);
  hits = 2;
  mean = (int)mean / 2;
  return 0;
}
