// main creates the idle thread, and so stores its id in t1, before it
// creates the reader: pthread_create stores the id in the step that
// starts the thread, so the reader's read of t1 comes after the store.
// expect svcomp: t1=safe
// expect circ: t1=safe
#include <pthread.h>

pthread_t t1;
int seen;

void *idle(void *arg) { return 0; }

void *reader(void *arg) {
  if (pthread_equal(t1, pthread_self()))
    seen = 1;
  return 0;
}

int main(void) {
  pthread_t r;
  pthread_create(&t1, 0, idle, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(r, 0);
  return 0;
}
