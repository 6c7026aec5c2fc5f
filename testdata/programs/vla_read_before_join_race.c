// main reads the variable-length array it handed to the worker before
// joining it: the worker may be writing it then.
// expect svcomp: main::buf@vla_read_before_join_race.c:19[*]=race
// expect circ: main::buf@vla_read_before_join_race.c:19[*]=race
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
  out = buf[0];
  pthread_join(h, 0);
  return 0;
}
