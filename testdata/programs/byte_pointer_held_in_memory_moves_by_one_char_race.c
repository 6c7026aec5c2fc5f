// A char pointer held in memory (through a char **) moves by one char
// per increment: after (*cp)++ and *cp += 1 the worker reads buf[2],
// which main writes, and never buf[1].
// expect svcomp: buf[1]=safe buf[2]=race
// expect circ: buf[1]=safe buf[2]=race
#include <pthread.h>
unsigned char buf[4] = {1, 2, 3, 0};
int seen;
static int skip_two(unsigned char **cp) {
  (*cp)++;
  *cp += 1;
  return **cp;
}
void *worker(void *arg) {
  unsigned char *p = buf;
  seen = skip_two(&p);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  buf[1] = 7;
  buf[2] = 9;
  return 0;
}
