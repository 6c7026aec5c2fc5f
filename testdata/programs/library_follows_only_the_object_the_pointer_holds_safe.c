// An undefined function given &r follows the pointer r.name holds to
// the object it points into, buf, and to no other: its writes of buf
// do not reach other, which the worker and main only read.
// expect svcomp: other[2]=safe buf[2]=race
// expect circ: other[2]=safe buf[2]=race
// expect-explicit svcomp: other[2]=unknown
// expect-explicit circ: other[2]=unknown
// explicit-max-states: 50000
#include <pthread.h>
struct request {
  int id;
  char *name;
};
extern void fill_request(struct request *r);
char buf[4];
char other[4];
struct request r = {1, buf};
int seen;
void *worker(void *arg) {
  seen = other[2] + buf[2];
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fill_request(&r);
  return other[2];
}
