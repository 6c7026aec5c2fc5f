// main declares a variable-length array, hands it to the worker, and
// reads it again only after joining the worker: a block of main's frame
// that the two never access at once.
// expect svcomp: main::buf@vla_handed_to_worker_read_after_join_safe.c:22[*]=safe
// expect circ: main::buf@vla_handed_to_worker_read_after_join_safe.c:22[*]=safe
// expect-explicit svcomp: main::buf@vla_handed_to_worker_read_after_join_safe.c:22[*]=unknown
// expect-explicit circ: main::buf@vla_handed_to_worker_read_after_join_safe.c:22[*]=unknown
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int out;

void *worker(void *arg) {
  int *slot = arg;
  slot[0] = slot[0] + 1;
  return 0;
}

int main(void) {
  pthread_t h;
  int n = __VERIFIER_nondet_int();
  int buf[n > 0 ? n : 1];
  buf[0] = 1;
  pthread_create(&h, 0, worker, buf);
  pthread_join(h, 0);
  out = buf[0];
  return 0;
}
