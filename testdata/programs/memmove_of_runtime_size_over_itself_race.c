// memmove(buf + 1, buf, n) with n known at run time moves "ab" one char
// on: buf[2] becomes 'b', so main writes x while the worker does. circ
// reads every byte before it writes any (the objects overlap), and the
// bytes it stores hold any value, an approximation the report lists.
// (The explicit engine tries only a few of those values: unknown.)
// expect svcomp: x=race
// expect circ: x=race
// expect-explicit svcomp: x=unknown
// expect-explicit circ: x=unknown
#include <pthread.h>
#include <string.h>
char buf[8];
int n = 2;
int x;
void *worker(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t t;
  buf[0] = 'a';
  buf[1] = 'b';
  pthread_create(&t, 0, worker, 0);
  memmove(buf + 1, buf, n);
  if (buf[2] == 'b')
    x = 2;
  pthread_join(t, 0);
  return 0;
}
