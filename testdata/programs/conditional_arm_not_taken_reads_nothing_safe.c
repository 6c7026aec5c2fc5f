// The worker's argument is 0, so `r ? g : 0` never reads g: C
// evaluates only the arm the condition selects. main's unsynchronized
// write of g races with nothing.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

int g;

static void *w(void *arg) {
  int r = (int)(long)arg;
  int x = r ? g : 0;
  (void)x;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, (void *)0);
  g = 1;
  pthread_join(t, 0);
  return 0;
}
