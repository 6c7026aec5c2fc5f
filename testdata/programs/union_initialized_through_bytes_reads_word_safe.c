// A union of static storage initialized through its byte member reads,
// through its word member, the value of those bytes: 127.0.0.1 is
// 16777343 on x86-64 (least significant byte first), so the worker
// never writes g.
// expect svcomp: g=safe
// expect circ: g=safe
#include <pthread.h>

union ip {
  unsigned char octet[4];
  unsigned int as_int;
};

static const union ip local_host = {{127, 0, 0, 1}};
int g;

void *worker(void *arg) {
  if (local_host.as_int != 16777343u)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
