// conditional_arm_not_taken_reads_nothing_safe.c with argument 1: the
// worker reads g in the arm its condition selects, while main writes
// it.
// expect svcomp: g=race
// expect circ: g=race
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
  pthread_create(&t, 0, w, (void *)1);
  g = 1;
  pthread_join(t, 0);
  return 0;
}
