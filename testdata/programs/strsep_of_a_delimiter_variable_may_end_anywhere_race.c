// strsep with a delimiter string that is not a literal: circ reads both
// strings whole and lets the token end at any char, which it then
// overwrites with 0 (an approximation the report lists). The worker's
// split may write buf[1], racing with main's read.
// expect svcomp: buf[1]=race
// expect circ: buf[1]=race
#include <pthread.h>
#include <string.h>

char buf[8] = "ab:cd";
char seps[4] = ":";

void *worker(void *arg) {
  char *r = buf;
  strsep(&r, seps);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = buf[1];
  pthread_join(t, 0);
  return c;
}
