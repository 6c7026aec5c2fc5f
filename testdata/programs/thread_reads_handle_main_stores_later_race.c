// The reader starts before main creates the idle thread, and reads t1
// while pthread_create may store the idle thread's id into it: a race on
// the pthread_t object itself.
// expect svcomp: t1=race
// expect circ: t1=race
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
  pthread_create(&r, 0, reader, 0);
  pthread_create(&t1, 0, idle, 0);
  pthread_join(r, 0);
  return 0;
}
