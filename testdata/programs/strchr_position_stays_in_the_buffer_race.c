// strchr's result points into the string it searched; the distance
// from the buffer's start is byte arithmetic that the points-to
// analysis keeps in the buffer's bytes (an int follows it), so it is no
// longer rejected. The worker stores through the position it found,
// which main reads meanwhile.
// expect svcomp: s.buf[1]=race s.used=safe
// expect circ: s.buf[1]=race s.used=safe
#include <pthread.h>
#include <string.h>
struct line {
  char buf[4];
  int used;
} s = {"a b", 0};
int seen;
void *worker(void *arg) {
  char *sp = strchr(s.buf, ' ');
  if (sp) {
    *sp = 0;
    s.used = sp - s.buf;
  }
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  seen = s.buf[1];
  pthread_join(t, 0);
  seen += s.used;
  return 0;
}
