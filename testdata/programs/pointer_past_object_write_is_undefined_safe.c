// The thread steps a pointer past x and writes through it: undefined
// behaviour, which circ reports as a finding with its trace. Every run
// that goes on past it is cut, so the proof for g holds only for runs
// that never write through q (the report says so: safe, assuming no
// undefined behaviour). On the machine the write lands in whatever
// follows x, and TSan then reports the race on g.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 14
#include <pthread.h>

int x, g;

void *t(void *arg) { int *q = &x; q++; *q = 1; g = 1; return 0; }

int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  g = 2;
  pthread_join(id, 0);
  return 0;
}
