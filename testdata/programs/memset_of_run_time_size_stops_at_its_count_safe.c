// memset of a size known only at run time into a char buffer writes
// exactly that many bytes: main clears the first len chars of buf while
// the worker reads buf[5], past them.
// expect svcomp: buf[5]=safe
// expect circ: buf[5]=safe
#include <pthread.h>
#include <string.h>
char buf[8];
int len = 4;
int seen;
void *worker(void *arg) {
  seen = buf[5];
  return 0;
}
int main(void) {
  pthread_t t;
  int n = len;
  pthread_create(&t, 0, worker, 0);
  memset(buf, 0, n);
  return 0;
}
