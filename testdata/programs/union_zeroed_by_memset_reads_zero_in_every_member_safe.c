// memset of a whole union makes every member zero: the pointer member
// is null after the int member's bytes were set, so the worker never
// writes g. A local union, its address taken for memset.
// expect svcomp: g=safe main::s.ptr=safe
// expect circ: g=safe main::s.ptr=safe
// expect-explicit svcomp: g=unknown main::s.ptr=unknown
// expect-explicit circ: g=unknown main::s.ptr=unknown
#include <pthread.h>
#include <string.h>

union slot {
  int fd;
  void *ptr;
};

int g;

void *worker(void *arg) {
  union slot *s = arg;
  if (s->ptr != 0)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  union slot s;
  s.fd = 4;
  memset(&s, 0, sizeof s);
  pthread_create(&t, 0, worker, &s);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
