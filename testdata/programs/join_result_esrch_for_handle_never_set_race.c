// A handle that no creation ever set names no thread: pthread_join
// returns ESRCH (3) at once, and main, taking the error for the worker
// being gone, writes g while the worker, created into another handle,
// writes it too.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

pthread_t never;
int g;

void *worker(void *arg) {
  g = 1;
  return 0;
}

int main(void) {
  pthread_t w;
  pthread_create(&w, 0, worker, 0);
  if (pthread_join(never, 0) == 3)
    g = 2;
  return 0;
}
