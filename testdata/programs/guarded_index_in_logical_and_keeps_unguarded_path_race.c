// Worker r reads a[r - 1] only when r > 0, as the right operand of &&
// (short-circuit). For r == 0 the guarded read is not evaluated, and that
// worker goes on to write g while worker 1 reads it.
// expect svcomp: a[0]=safe a[1]=safe g=race
// expect circ: a[0]=safe a[1]=safe g=race
#include <pthread.h>

int a[2];
int g;

static void *w(void *arg) {
  int r = (int)(long)arg;
  int up = r > 0 && a[r - 1];
  (void)up;
  if (r == 0)
    g = 1;
  else {
    int x = g;
    (void)x;
  }
  return 0;
}

int main(void) {
  pthread_t th[2];
  for (long r = 0; r < 2; r++)
    pthread_create(&th[r], 0, w, (void *)r);
  for (int r = 0; r < 2; r++)
    pthread_join(th[r], 0);
  return 0;
}
