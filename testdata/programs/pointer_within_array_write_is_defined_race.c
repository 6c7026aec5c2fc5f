// pointer_past_object_write_is_undefined_safe.c with x an array of two:
// q + 1 is still inside it, the write is defined, and the thread goes
// on to write g while main writes it.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

int x[2], g;

void *t(void *arg) { int *q = &x[0]; q++; *q = 1; g = 1; return 0; }

int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  g = 2;
  pthread_join(id, 0);
  return 0;
}
