// Two handles an undefined function returns may be different (a
// library usually hands out a new one per call), so main writes x
// beside the worker. A handle is any value: equal, different, null.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>

struct handle;
extern struct handle *open_handle(void);

int x;

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  struct handle *a = open_handle();
  struct handle *b = open_handle();
  pthread_create(&t, 0, worker, 0);
  if (a && b && a != b)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
