// Designated and positional initializers give each field its value: the
// worker only runs its write when cfg.enabled is 1 and cfg.mode is 2,
// which the initializer makes false, so cfg.out is written by main alone.
// expect svcomp: cfg.out=safe
// expect circ: cfg.out=safe
#include <pthread.h>

struct config {
  int enabled;
  int mode;
  int out;
} cfg = {.mode = 2, .enabled = 0};

void *worker(void *arg) {
  if (cfg.enabled == 1 && cfg.mode == 2)
    cfg.out = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  cfg.out = 5;
  return 0;
}
