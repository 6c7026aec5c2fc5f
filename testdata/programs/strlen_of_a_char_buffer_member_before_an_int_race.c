// strlen walks a struct's char buffer that an int follows: each step is
// checked to stay in the buffer's bytes, so the walk is no longer
// rejected. The reader's walk meets main's write of buf[0] (a race) and
// stops at buf[1]'s 0, never reading used, which main also writes.
// expect svcomp: s.buf[0]=race s.used=safe
// expect circ: s.buf[0]=race s.used=safe
#include <pthread.h>
#include <string.h>
struct line {
  char buf[4];
  int used;
} s;
int n;
void *reader(void *arg) {
  n = strlen(s.buf);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  s.buf[0] = 'x';
  pthread_join(t, 0);
  s.used = n;
  return 0;
}
