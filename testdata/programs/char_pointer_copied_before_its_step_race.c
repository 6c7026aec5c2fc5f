// A pointer stepped along a char buffer after its old value was copied
// (tmp = p; p++; *tmp = 0: CIL's *p++ = 0, knot's request parser). For
// the flow-insensitive points-to analysis the pointer, and the copy,
// may be one past the buffer, on the int after it, which no run
// reaches. Each character access through them is guarded at run time
// to stay on the buffer's bytes, instead of the program being
// rejected; the guard on the copy the ranges stage discharges, the
// read of the terminator it cannot, so a run leaving the bytes is the
// program's finding.
// expect svcomp: s.buf[1]=race
// expect circ: s.buf[1]=race
#include <pthread.h>
#include <string.h>
struct line {
  char buf[4];
  int used;
} s = {"a b", 0};
int seen;
void *worker(void *arg) {
  char *p = strchr(s.buf, ' ');
  char *tmp;
  while (p && *p) {
    tmp = p;
    p++;
    *tmp = 0;
  }
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  seen = s.buf[1];
  pthread_join(t, 0);
  s.used = 1;
  return 0;
}
