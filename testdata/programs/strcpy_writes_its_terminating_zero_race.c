// strcpy writes the chars of its source and its terminating 0: copying
// "ab" writes buf[2], which main reads, and never buf[3].
// expect svcomp: buf[2]=race buf[3]=safe
// expect circ: buf[2]=race buf[3]=safe
#include <pthread.h>
#include <string.h>
char buf[4];
int seen;
void *worker(void *arg) {
  strcpy(buf, "ab");
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  seen = buf[2] + buf[3];
  return 0;
}
