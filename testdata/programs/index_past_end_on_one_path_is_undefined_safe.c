// Worker r writes a[r + 1]: for r == 1 that is past the end of a, so
// the second worker's run is cut there; both proofs assume it is, and
// the finding gives the run that reaches it.
// expect svcomp: a[0]=safe a[1]=safe g=safe
// expect circ: a[0]=safe a[1]=safe g=safe
// expect-undefined: 17
#include <pthread.h>

int a[2];
int g;

void *w(void *arg) {
  int r = (int)(long)arg;
  if (r == 0) {
    a[r + 1] = 1;
  } else {
    a[r + 1] = 2;
    g = 1;
  }
  return 0;
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, w, (void *)0);
  pthread_create(&t1, 0, w, (void *)1);
  g = 2;
  return 0;
}
