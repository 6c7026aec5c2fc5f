// strsep reads its string up to the first delimiter, overwrites that
// delimiter with 0 and moves the caller's pointer past it. The worker
// splits "ab:cd" at buf[2], so main's read of buf[2] races with that
// write; buf[4], past the token, the worker never touches.
// expect svcomp: buf[2]=race buf[4]=safe
// expect circ: buf[2]=race buf[4]=safe
#include <pthread.h>
#include <string.h>

char buf[8] = "ab:cd";
char *rest;

void *worker(void *arg) {
  char *r = buf;
  char *tok = strsep(&r, ":");
  rest = r;
  return tok;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = buf[2];
  char d = buf[4];
  pthread_join(t, 0);
  return c + d;
}
