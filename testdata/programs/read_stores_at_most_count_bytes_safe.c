// read stores at most its count of bytes: reading 2 bytes into buf
// never writes buf[2], which main reads while the worker runs; buf[1]
// it may write. (The explicit engine tries only a few values of the
// bytes read, so it cannot conclude on buf[2].)
// expect svcomp: buf[1]=race buf[2]=safe
// expect-explicit svcomp: buf[2]=unknown
// expect-explicit circ: buf[2]=unknown
// expect circ: buf[1]=race buf[2]=safe
#include <pthread.h>
#include <unistd.h>
char buf[4];
int seen;
void *worker(void *arg) {
  if (read(0, buf, 2) < 0)
    return 0;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  seen = buf[1] + buf[2];
  return 0;
}
