// struct_initializer_safe.c with enabled set by the initializer: the
// worker's write of cfg.out now happens and races with main's.
// expect svcomp: cfg.out=race
// expect circ: cfg.out=race
#include <pthread.h>

struct config {
  int enabled;
  int mode;
  int out;
} cfg = {1, .mode = 2};

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
