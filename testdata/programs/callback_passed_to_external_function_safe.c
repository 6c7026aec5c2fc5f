// main hands a callback to a library function circ cannot see, which
// may run it from threads of its own; the callback and main take the
// same lock.
// expect svcomp: ticks=safe
// expect circ: ticks=safe
// expect-explicit svcomp: ticks=unknown
// expect-explicit circ: ticks=unknown
#include <pthread.h>

extern void run_later(void (*cb)(void));

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ticks;

void tick(void) {
  pthread_mutex_lock(&m);
  ticks++;
  pthread_mutex_unlock(&m);
}

int main() {
  run_later(tick);
  pthread_mutex_lock(&m);
  ticks = 0;
  pthread_mutex_unlock(&m);
  return 0;
}
