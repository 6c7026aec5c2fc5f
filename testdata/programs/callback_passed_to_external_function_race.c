// main hands a callback to a library function circ cannot see, which
// may run it from threads of its own; main takes a lock the callback
// never takes.
// expect svcomp: ticks=race
// expect circ: ticks=race
#include <pthread.h>

extern void run_later(void (*cb)(void));

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ticks;

void tick(void) {
  ticks++;
}

int main() {
  run_later(tick);
  pthread_mutex_lock(&m);
  ticks = 0;
  pthread_mutex_unlock(&m);
  return 0;
}
