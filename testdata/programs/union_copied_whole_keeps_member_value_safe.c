// Copying a union copies its bytes: b = a keeps the value a.fd had, so
// the worker, which checks b.fd, never writes g. The copy writes every
// member's cells itself; none is lost to another member's overlap.
// expect svcomp: b.data.fd=safe g=safe
// expect circ: b.data.fd=safe g=safe
// expect-explicit svcomp: b.data.fd=unknown g=unknown
// expect-explicit circ: b.data.fd=unknown g=unknown
#include <pthread.h>

union data {
  void *ptr;
  int fd;
};

struct event {
  int events;
  union data data;
};

struct event a, b;
int g;

void *worker(void *arg) {
  if (b.data.fd != 9)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  a.events = 1;
  a.data.fd = 9;
  b = a;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
