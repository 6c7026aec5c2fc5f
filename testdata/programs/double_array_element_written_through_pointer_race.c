// A double array's element written through a pointer in one thread and
// read in another: floating-point objects are race targets like any
// other (circ computes none of their values).
// expect svcomp: samples[1]=race
// expect circ: samples[1]=race
#include <pthread.h>
double samples[4];
void *sampler(void *arg) {
  double *slot = &samples[1];
  *slot = 2.5;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, sampler, 0);
  double s = samples[1];
  pthread_join(t, 0);
  return s > 1.0;
}
