// strtok_r skips the delimiters its string starts with, then overwrites
// the first delimiter after the token with 0 and keeps, in the caller's
// pointer, where the next call goes on. The worker splits "::ab:cd" at
// buf[4], so main's read of buf[4] races with that write; buf[6], past
// the first token, the worker never touches, nor buf[0], which it only
// reads.
// expect svcomp: buf[4]=race buf[6]=safe buf[0]=safe
// expect circ: buf[4]=race buf[6]=safe buf[0]=safe
#include <pthread.h>
#include <string.h>

char buf[10] = "::ab:cd";
char *rest;

void *worker(void *arg) {
  char *save = 0;
  char *tok = strtok_r(buf, ":", &save);
  rest = save;
  return tok;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = buf[4];
  char d = buf[6];
  char e = buf[0];
  pthread_join(t, 0);
  return c + d + e;
}
