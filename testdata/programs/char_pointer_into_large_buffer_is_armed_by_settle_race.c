// A char pointer may reach any of the 300 chars of the program: the
// dereference gets its arms after lowering, from the cells the
// points-to analysis finds it may reach (here one), not one per char.
// The worker writes buf[299] through it while main reads it.
// expect svcomp: buf[299]=race buf[0]=safe
// expect circ: buf[299]=race buf[0]=safe
#include <pthread.h>
char buf[300];
int seen;
void *worker(void *arg) {
  char *p = buf + 299;
  *p = 'x';
  seen = buf[0];
  return 0;
}
int main(void) {
  pthread_t t;
  buf[0] = 'a';
  pthread_create(&t, 0, worker, 0);
  seen = buf[299] + buf[0];
  return 0;
}
