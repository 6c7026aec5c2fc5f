// An undefined function given &r may follow the pointer r.name holds
// and write the chars it points to: its write of buf races with the
// worker's read of buf[2].
// expect svcomp: buf[2]=race
// expect circ: buf[2]=race
#include <pthread.h>
struct request {
  int id;
  char *name;
};
extern void fill_request(struct request *r);
char buf[4];
struct request r = {1, buf};
int seen;
void *worker(void *arg) {
  seen = buf[2];
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fill_request(&r);
  return 0;
}
