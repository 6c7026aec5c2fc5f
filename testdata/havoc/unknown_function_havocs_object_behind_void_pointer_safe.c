// The safe variant of unknown_function_havocs_object_behind_void_pointer_race.c:
// main joins the worker before it hands a void pointer to s to the
// undefined function, whose writes then race with nothing.
// expect svcomp: s.count=safe
// expect circ: s.count=safe
#include <pthread.h>

struct stats {
  int count;
  int max;
};

extern void fill(void *p);

struct stats s;

void *worker(void *arg) {
  return (void *)(long)s.count;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  void *p = &s; // the library gets an untyped pointer
  fill(p);
  return 0;
}
