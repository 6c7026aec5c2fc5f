// Adjacent bit-fields are one memory location (C11 3.14): the compiler
// writes s.ready by reading and writing the byte it shares with s.busy.
// So the two threads, which each write their own bit-field, race on
// both.
// expect svcomp: s.busy=race s.ready=race
// expect circ: s.busy=race s.ready=race
#include <pthread.h>

struct state {
  unsigned busy : 1;
  unsigned ready : 1;
} s;

void *worker(void *arg) {
  s.ready = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  s.busy = 1;
  pthread_join(t, 0);
  return 0;
}
